import { describe, expect, it } from 'vitest';
import {
  COMPLETED_TTL_MS,
  createUploadStore,
  formatElapsed,
  MAX_UPLOAD_RETRIES,
  PROCESSING_POLL_MS,
  restoreItems,
  statusLabel,
  STORAGE_KEY,
  transferPercent,
  MAX_STALLS,
  smoothedRate,
  timeLeftSeconds,
  UPLOAD_STALL_MS,
  type ServerVideo,
  type TransferHandlers,
  type UploadItem,
} from './upload-store';

/** A fake clock, timers, storage and transfers the test drives by hand. */
function harness(opts: { saved?: string; video?: () => Promise<ServerVideo> } = {}) {
  let now = 1_700_000_000_000;
  const timers: { fn: () => void; at: number; id: number }[] = [];
  let nextTimer = 1;
  const data = new Map<string, string>(opts.saved ? [[STORAGE_KEY, opts.saved]] : []);
  const transfers: { file: File; handlers: TransferHandlers; started: number; aborted: boolean }[] = [];
  const settled: UploadItem[] = [];
  let ids = 0;
  const store = createUploadStore({
    createTransfer: (file, _target, handlers) => {
      const rec = { file, handlers, started: 0, aborted: false };
      transfers.push(rec);
      return { start: () => void rec.started++, abort: () => void (rec.aborted = true) };
    },
    fetchVideo: opts.video ?? (async () => ({ status: 'processing', progress: 40, error: null })),
    storage: { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) },
    now: () => now,
    newId: () => `u${++ids}`,
    setTimer: (fn, ms) => {
      const id = nextTimer++;
      timers.push({ fn, at: now + ms, id });
      return id;
    },
    clearTimer: (h) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
    texts: { stalled: 'STALLED', notFound: 'FAILED', failure: (code) => `REASON:${code}` },
    onSettled: (item) => settled.push(item),
  });
  const advance = async (ms: number) => {
    now += ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers.splice(timers.indexOf(due), 1);
      due.fn();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  const saved = () => JSON.parse(data.get(STORAGE_KEY) ?? '[]') as UploadItem[];
  return { store, transfers, settled, advance, saved, setNow: (t: number) => (now = t), getNow: () => now };
}

/** A File of 10 bytes, or claiming `size` bytes (the store reads only its size). */
const file = (name = 'cockatoo.mp4', size?: number) => {
  const f = new File([new Uint8Array(10)], name, { type: 'video/mp4' });
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};
const item = (store: { getItems(): UploadItem[] }) => store.getItems()[0]!;

describe('upload progress checkpoints (docs/product/admin.md §4 and §9)', () => {
  it('goes 5 → 10 → 10-90 → 95 processing → 100 completed, with the transcoding percent in between', async () => {
    const answers: ServerVideo[] = [
      { status: 'processing', progress: 37.4, error: null },
      { status: 'ready', progress: 100, error: null },
    ];
    const h = harness({ video: async () => answers.shift()! });
    h.store.add({ kind: 'movie', id: 'm1' }, 'Inyoni', file());
    expect(item(h.store)).toMatchObject({ progress: 5, status: 'uploading', movieTitle: 'Inyoni', fileName: 'cockatoo.mp4' });
    expect(h.transfers[0]!.started).toBe(1);

    h.transfers[0]!.handlers.onCreated('v1');
    expect(item(h.store)).toMatchObject({ progress: 10, videoId: 'v1' });
    h.transfers[0]!.handlers.onProgress(0.5);
    expect(item(h.store).progress).toBe(50);
    h.transfers[0]!.handlers.onProgress(1);
    expect(item(h.store)).toMatchObject({ progress: 90, status: 'uploading' });

    h.transfers[0]!.handlers.onSuccess();
    expect(item(h.store)).toMatchObject({ progress: 95, status: 'processing', transcodePercent: 0 });
    await h.advance(PROCESSING_POLL_MS);
    expect(item(h.store)).toMatchObject({ progress: 95, status: 'processing', transcodePercent: 37 });
    await h.advance(PROCESSING_POLL_MS);
    expect(item(h.store)).toMatchObject({ progress: 100, status: 'completed' });
    expect(h.settled.map((s) => s.status)).toEqual(['completed']);
    expect(h.saved()[0]).toMatchObject({ status: 'completed', progress: 100 });
  });

  it('never goes below 10 once created, and maps the transfer onto 10-90', () => {
    expect(transferPercent(0)).toBe(10);
    expect(transferPercent(0.25)).toBe(30);
    expect(transferPercent(1)).toBe(90);
    expect(transferPercent(2)).toBe(90);
    expect(transferPercent(Number.NaN)).toBe(10);
  });

  it('a video the server fails while processing becomes Failed with the server text', async () => {
    const h = harness({ video: async () => ({ status: 'failed', progress: 12, error: 'Not a video we can use' }) });
    h.store.add({ kind: 'episode', id: 'e1' }, 'S1 E1', file());
    h.transfers[0]!.handlers.onCreated('v1');
    h.transfers[0]!.handlers.onSuccess();
    await h.advance(PROCESSING_POLL_MS);
    expect(item(h.store)).toMatchObject({ status: 'error', error: 'Not a video we can use' });
    expect(statusLabel(item(h.store).status)).toBe('failed');
  });

  it('a failure the server names by code shows the translated reason, not the tool text (ADR 023)', async () => {
    const h = harness({ video: async () => ({ status: 'failed', progress: 0, error: 'Invalid data found when processing input', errorCode: 'not_a_video' }) });
    h.store.add({ kind: 'movie', id: 'm1' }, 'Film', file());
    h.transfers[0]!.handlers.onCreated('v1');
    h.transfers[0]!.handlers.onSuccess();
    await h.advance(PROCESSING_POLL_MS);
    expect(item(h.store)).toMatchObject({ status: 'error', error: 'REASON:not_a_video' });
  });
});

describe('retries (docs/product/admin.md §4: Retry (n/3))', () => {
  it('allows exactly 3 retries from error, each starting a new transfer of the same file', () => {
    const h = harness();
    h.store.add({ kind: 'movie', id: 'm1' }, 'Inyoni', file());
    for (let n = 1; n <= MAX_UPLOAD_RETRIES; n++) {
      h.transfers.at(-1)!.handlers.onError('Upload failed due to network error');
      expect(item(h.store)).toMatchObject({ status: 'error', error: 'Upload failed due to network error', retries: n - 1 });
      expect(h.store.retry(item(h.store).id)).toBe(true);
      expect(item(h.store)).toMatchObject({ status: 'uploading', error: null, retries: n, progress: 5 });
      expect(h.transfers).toHaveLength(n + 1);
      expect(h.transfers.at(-1)!.file.name).toBe('cockatoo.mp4');
    }
    h.transfers.at(-1)!.handlers.onError('again');
    expect(h.store.retry(item(h.store).id)).toBe(false);
    expect(item(h.store)).toMatchObject({ status: 'error', retries: 3 });
    expect(h.transfers).toHaveLength(4);
  });

  it('refuses a retry of an upload that has not failed', () => {
    const h = harness();
    h.store.add({ kind: 'movie', id: 'm1' }, 'Inyoni', file());
    expect(h.store.retry(item(h.store).id)).toBe(false);
    expect(h.transfers).toHaveLength(1);
  });

  it('ignores late events of a transfer after it failed', () => {
    const h = harness();
    h.store.add({ kind: 'movie', id: 'm1' }, 'Inyoni', file());
    h.transfers[0]!.handlers.onError('boom');
    h.transfers[0]!.handlers.onProgress(0.9);
    h.transfers[0]!.handlers.onSuccess();
    expect(item(h.store)).toMatchObject({ status: 'error', progress: 5 });
  });
});

describe('stalls, never length, end an upload (docs/decisions/053-uploads-end-on-a-stall.md)', () => {
  it('keeps a slow upload going past an hour while bytes get through, with its rate and time left', () => {
    const h = harness();
    h.store.add({ kind: 'movie', id: 'm1' }, 'Inyoni', file('big.mp4', 2_000_000_000));
    // 2 GB at 3 Mbit/s (375,000 bytes a second): about 89 minutes.
    for (let minute = 1; minute <= 80; minute++) {
      h.setNow(h.getNow() + 60_000);
      h.transfers[0]!.handlers.onProgress((minute * 60 * 375_000) / 2_000_000_000);
      h.store.tick();
    }
    expect(item(h.store)).toMatchObject({ status: 'uploading', stalls: 0, sentBytes: 80 * 60 * 375_000 });
    expect(item(h.store).rateBytesPerSecond).toBeCloseTo(375_000, 0);
    expect(timeLeftSeconds(item(h.store))).toBeCloseTo((2_000_000_000 - 80 * 60 * 375_000) / 375_000, 0);
    expect(h.transfers).toHaveLength(1);
  });

  it('starts a stalled transfer again from the server offset, and fails after MAX_STALLS stalls in a row', () => {
    const h = harness();
    h.store.add({ kind: 'movie', id: 'm1' }, 'Inyoni', file('a.mp4', 1_000_000));
    h.setNow(h.getNow() + 1000);
    h.transfers[0]!.handlers.onProgress(0.2);
    h.setNow(h.getNow() + UPLOAD_STALL_MS);
    h.store.tick();
    expect(item(h.store)).toMatchObject({ status: 'uploading', stalls: 0 });
    h.setNow(h.getNow() + 1);
    h.store.tick();
    // Stalled: aborted and started again (tus resumes from the server's offset).
    expect(h.transfers[0]!.aborted).toBe(true);
    expect(h.transfers).toHaveLength(2);
    expect(h.transfers[1]!.started).toBe(1);
    expect(item(h.store)).toMatchObject({ status: 'uploading', stalls: 1, rateBytesPerSecond: null });
    // A byte through resets the count of stalls.
    h.setNow(h.getNow() + 10_000);
    h.transfers[1]!.handlers.onProgress(0.3);
    expect(item(h.store)).toMatchObject({ stalls: 0, sentBytes: 300_000 });
    for (let n = 1; n < MAX_STALLS; n++) {
      h.setNow(h.getNow() + UPLOAD_STALL_MS + 1);
      h.store.tick();
      expect(item(h.store)).toMatchObject({ status: 'uploading', stalls: n });
    }
    h.setNow(h.getNow() + UPLOAD_STALL_MS + 1);
    h.store.tick();
    expect(item(h.store)).toMatchObject({ status: 'error', error: 'STALLED', stalls: MAX_STALLS });
    expect(h.transfers.every((t) => t.aborted)).toBe(true);
    expect(h.settled.map((i) => i.status)).toEqual(['error']);
  });

  it('measures the rate as a moving average by time, and knows no time left without a rate', () => {
    expect(smoothedRate(null, 1000, 2)).toBe(500);
    expect(smoothedRate(500, 0, 0)).toBe(500);
    const next = smoothedRate(500, 3000, 2)!;
    expect(next).toBeGreaterThan(500);
    expect(next).toBeLessThan(1500);
    expect(timeLeftSeconds({ fileSize: 100, sentBytes: 40, rateBytesPerSecond: null })).toBeNull();
    expect(timeLeftSeconds({ fileSize: 100, sentBytes: 40, rateBytesPerSecond: 20 })).toBe(3);
  });
});

describe('browser storage (docs/product/admin.md §3)', () => {
  const base = { target: { kind: 'movie', id: 'm1' }, movieTitle: 'A', fileName: 'a.mp4', fileSize: 10, progress: 100, error: null, videoId: 'v', retries: 0, transcodePercent: null, needsFile: false };

  it('drops completed rows older than one hour on load and keeps the others', () => {
    const now = 10 * COMPLETED_TTL_MS;
    const saved = JSON.stringify([
      { ...base, id: 'old', status: 'completed', startTime: now - 3 * COMPLETED_TTL_MS, completedAt: now - COMPLETED_TTL_MS - 1 },
      { ...base, id: 'fresh', status: 'completed', startTime: now - 3 * COMPLETED_TTL_MS, completedAt: now - COMPLETED_TTL_MS + 1000 },
      { ...base, id: 'failed-long-ago', status: 'error', startTime: now - 5 * COMPLETED_TTL_MS, completedAt: null },
      { ...base, id: 'no-completion-time', status: 'completed', startTime: now - 2 * COMPLETED_TTL_MS, completedAt: null },
    ]);
    expect(restoreItems(saved, now).map((i) => i.id)).toEqual(['fresh', 'failed-long-ago']);
  });

  it('reads garbage as an empty list and skips malformed rows', () => {
    expect(restoreItems('not json', 0)).toEqual([]);
    expect(restoreItems('{"a":1}', 0)).toEqual([]);
    expect(restoreItems(JSON.stringify([{ id: 1 }, { ...base, id: 'ok', status: 'error', startTime: 0 }]), 0).map((i) => i.id)).toEqual(['ok']);
  });

  it('an upload interrupted by a reload asks for its file again, and the same file resumes it', () => {
    const saved = JSON.stringify([{ ...base, id: 'u9', status: 'uploading', progress: 42, startTime: 0, completedAt: null }]);
    const h = harness({ saved });
    expect(item(h.store)).toMatchObject({ id: 'u9', needsFile: true, status: 'uploading', progress: 42 });
    expect(h.transfers).toHaveLength(0);
    h.store.resume('u9', file('a.mp4'));
    expect(item(h.store)).toMatchObject({ needsFile: false, status: 'uploading' });
    expect(h.transfers).toHaveLength(1);
    expect(h.transfers[0]!.started).toBe(1);
  });

  it('keeps following a video that was processing when the page went away', async () => {
    const saved = JSON.stringify([{ ...base, id: 'u9', status: 'processing', progress: 95, startTime: 0, completedAt: null }]);
    const h = harness({ saved, video: async () => ({ status: 'ready', progress: 100, error: null }) });
    await h.advance(PROCESSING_POLL_MS);
    expect(item(h.store)).toMatchObject({ status: 'completed', progress: 100 });
  });

  it('saves on every change; Clear removes only completed rows; remove aborts the transfer', async () => {
    const h = harness({ video: async () => ({ status: 'ready', progress: 100, error: null }) });
    h.store.add({ kind: 'movie', id: 'm1' }, 'One', file('one.mp4'));
    h.store.add({ kind: 'movie', id: 'm2' }, 'Two', file('two.mp4'));
    expect(h.saved().map((i) => i.movieTitle)).toEqual(['Two', 'One']);
    h.transfers[0]!.handlers.onCreated('v1');
    h.transfers[0]!.handlers.onSuccess();
    await h.advance(PROCESSING_POLL_MS);
    expect(h.store.getItems().map((i) => i.status)).toEqual(['uploading', 'completed']);
    h.store.clearCompleted();
    expect(h.saved().map((i) => i.movieTitle)).toEqual(['Two']);
    h.store.remove(item(h.store).id);
    expect(h.transfers[1]!.aborted).toBe(true);
    expect(h.saved()).toEqual([]);
  });
});

describe('labels and elapsed time (docs/product/admin.md §2)', () => {
  it('maps statuses to labels, anything else to Unknown', () => {
    expect(['uploading', 'processing', 'completed', 'error', 'paused', ''].map(statusLabel)).toEqual(['uploading', 'processing', 'completed', 'failed', 'unknown', 'unknown']);
  });
  it('formats minutes:seconds', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_400)).toBe('1:05');
    expect(formatElapsed(60 * 60_000)).toBe('60:00');
    expect(formatElapsed(-5)).toBe('0:00');
  });
});
