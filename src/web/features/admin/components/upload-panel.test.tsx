// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import type { UploadItem } from '../hooks/upload-store';
import { UploadPanel } from './upload-panel';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const NOW = Date.parse('2026-01-01T10:00:00Z');
function row(over: Partial<UploadItem>): UploadItem {
  return {
    id: over.id ?? 'u1',
    target: { kind: 'movie', id: 'm1' },
    movieTitle: 'Inyoni',
    fileName: 'cockatoo.mp4',
    fileSize: 10,
    progress: 50,
    status: 'uploading',
    startTime: NOW - 65_000,
    completedAt: null,
    videoId: null,
    error: null,
    retries: 0,
    transcodePercent: null,
    needsFile: false,
    sentBytes: 0,
    lastProgressAt: NOW,
    rateBytesPerSecond: null,
    stalls: 0,
    ...over,
  };
}
function setup(items: UploadItem[]) {
  const store = { remove: vi.fn(), retry: vi.fn(), resume: vi.fn(), clearCompleted: vi.fn() };
  render(<UploadPanel items={items} store={store} />);
  return store;
}

describe('UploadPanel (docs/product/admin.md §2)', () => {
  it('shows nothing without uploads', () => {
    setup([]);
    expect(screen.queryByTestId('upload-panel')).toBeNull();
  });

  it('is fixed bottom-right with the count in its title; rows show title, file, elapsed, label, percent', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    setup([row({}), row({ id: 'u2', movieTitle: 'Two', status: 'weird' })]);
    const panel = screen.getByTestId('upload-panel');
    expect(panel.className).toContain('fixed');
    expect(panel.className).toContain('bottom-4');
    expect(panel.className).toContain('right-4');
    expect(screen.getByRole('heading', { name: 'Uploads (2)' })).toBeTruthy();
    const [first, second] = screen.getAllByTestId('upload-item');
    expect(within(first!).getByText('Inyoni')).toBeTruthy();
    expect(within(first!).getByText('cockatoo.mp4')).toBeTruthy();
    // No rate measured yet: the elapsed time alone.
    expect(within(first!).getByTestId('upload-elapsed').textContent).toBe('1:05');
    expect(within(first!).getByText('Uploading')).toBeTruthy();
    expect(within(first!).getByTestId('upload-percent').textContent).toBe('50%');
    expect(within(first!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(within(second!).getByText('Unknown')).toBeTruthy();
    expect(screen.getByRole('list').className).toContain('max-h-[20rem]');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('shows the rate and the time left of an upload going up, in the language of the page (ADR 053)', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    setup([
      row({ fileSize: 1_000_000_000, sentBytes: 100_000_000, rateBytesPerSecond: 1_500_000 }),
      row({ id: 'u2', fileSize: 2_000_000, sentBytes: 500_000, rateBytesPerSecond: 375_000 }),
      row({ id: 'u3', status: 'processing', rateBytesPerSecond: 375_000 }),
    ]);
    const [big, small, done] = screen.getAllByTestId('upload-elapsed');
    expect(big!.textContent).toBe('1:05 · 1.5 MB/s · 10m left');
    expect(small!.textContent).toBe('1:05 · 375 kB/s · 4s left');
    expect(done!.textContent).toBe('1:05');
  });

  it('offers Clear once any upload is completed, and shows the completion text and transcoding percent', () => {
    const store = setup([row({ status: 'completed', progress: 100, completedAt: NOW }), row({ id: 'u2', status: 'processing', progress: 95, transcodePercent: 37 })]);
    expect(screen.getByText('Upload completed successfully!')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByText('Preparing the video for streaming: 37%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(store.clearCompleted).toHaveBeenCalledOnce();
  });

  it('a failed row shows its error and Retry (n/3), then the spec text after 3 retries', () => {
    const store = setup([row({ status: 'error', error: 'Upload failed due to network error', retries: 1 }), row({ id: 'u2', status: 'error', error: 'again', retries: 3 })]);
    expect(screen.getByText('Upload failed due to network error')).toBeTruthy();
    expect(screen.getAllByText('Failed')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Retry (2/3)' }));
    expect(store.retry).toHaveBeenCalledWith('u1');
    expect(screen.getByText('Maximum retry attempts reached. Please check your file and try again later.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Retry/ })).toHaveLength(1);
  });

  it('after a reload a row asks for its file again and resumes with the picked video', () => {
    const store = setup([row({ needsFile: true })]);
    expect(screen.getByText(/pick the same file again/)).toBeTruthy();
    const input = screen.getByLabelText('Pick the file of Inyoni again') as HTMLInputElement;
    const f = new File(['x'], 'cockatoo.mp4', { type: 'video/mp4' });
    fireEvent.change(input, { target: { files: [f] } });
    expect(store.resume).toHaveBeenCalledWith('u1', f);
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(store.resume).toHaveBeenCalledTimes(1);
  });

  it('removes a row and collapses the list', () => {
    const store = setup([row({})]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Inyoni' }));
    expect(store.remove).toHaveBeenCalledWith('u1');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse uploads' }));
    expect(screen.queryByTestId('upload-item')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Upload (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Expand uploads' }));
    expect(screen.getAllByTestId('upload-item')).toHaveLength(1);
  });
});
