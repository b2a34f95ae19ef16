// @vitest-environment jsdom
import { beforeAll, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { describeUploadError } from './upload-video';

beforeAll(async () => {
  await initI18n('en');
});

/** A tus-js-client DetailedError as the upload's onError receives it. */
const refused = (status: number, body: string) =>
  Object.assign(new Error('tus: unexpected response'), { originalResponse: { getStatus: () => status, getBody: () => body } });

const rejected = (reason: string) =>
  refused(422, JSON.stringify({ error: { code: 'media_rejected', message: 'The file could not be read as a video. (ffprobe: Invalid data found)', details: { reason } } }));

it('names a refused video by its translated reason, never the tool text (ADR 023)', async () => {
  expect(describeUploadError(rejected('not_a_video'))).toBe('The file is not a video we can read.');
  await changeLanguage('rw');
  const rw = describeUploadError(rejected('not_a_video'));
  expect(rw).not.toMatch(/ffprobe|Invalid data|not a video/);
  expect(rw.length).toBeGreaterThan(5);
  await changeLanguage('en');
});

it('an unknown reason code falls back to the translated media_rejected text', () => {
  const text = describeUploadError(rejected('something_new'));
  expect(text).not.toMatch(/ffprobe/);
  expect(text.length).toBeGreaterThan(5);
});

it('other error codes keep their own translation, and a body that is not JSON shows the status', () => {
  expect(describeUploadError(refused(413, JSON.stringify({ error: { code: 'upload_too_large', message: 'x' } })))).not.toBe('x');
  expect(describeUploadError(refused(502, 'Bad gateway'))).toMatch(/502/);
});
