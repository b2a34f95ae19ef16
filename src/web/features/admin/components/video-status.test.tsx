// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { AdminMovie } from '../../../../shared/contracts/catalog';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { VideoStatus } from './video-status';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

const ready = { id: 'v1', status: 'ready', progress: 100, error: null, renditions: ['240p', '360p'] } as const;
const movie = (over: Partial<AdminMovie>) => ({ title: 'Inyoni', video: ready, replacement: null, ...over }) as AdminMovie;

it('shows the ready video alone when no replacement is on its way', () => {
  render(<VideoStatus movie={movie({})} />);
  expect(screen.getByText('Ready')).toBeTruthy();
  expect(screen.queryByText(/Replacement video/)).toBeNull();
});

it('shows a replacement being processed under the video that still plays', () => {
  render(<VideoStatus movie={movie({ replacement: { id: 'v2', status: 'processing', progress: 41.6, error: null } })} />);
  expect(screen.getByText('Ready')).toBeTruthy();
  expect(screen.getByText('Replacement video: Processing 42%')).toBeTruthy();
});

it('shows why a replacement failed, from its reason code', () => {
  render(<VideoStatus movie={movie({ replacement: { id: 'v2', status: 'failed', progress: 0, error: 'The file has no video stream.', errorCode: 'no_video_stream' } })} />);
  expect(screen.getByText('Replacement video: Failed: The file has no video in it.')).toBeTruthy();
});

it('shows a failed video in the interface language, never the tools\' English text (ADR 023)', async () => {
  await changeLanguage('rw');
  try {
    const failed = { id: 'v3', status: 'failed' as const, progress: 0, error: 'The file is not a video ffmpeg can read (ffprobe: moov atom not found).', errorCode: 'not_a_video', renditions: [] as string[] };
    render(<VideoStatus movie={movie({ video: failed })} />);
    expect(screen.getByTestId('video-failure').textContent).toBe('Iyi dosiye si videwo dushobora gusoma.');
    expect(document.body.textContent).not.toMatch(/ffprobe|moov/);
  } finally {
    await changeLanguage('en');
  }
});
