/**
 * The upload progress list of the admin panel (docs/product/admin.md §2, §3, §4 and §9), as a plain store with its
 * clock, storage, transfer and server poll handed in, so the rules below are tested without a browser.
 *
 * Rules and their source:
 * - An item: id, fileName, movieTitle, progress 0-100, status, startTime (ms since epoch), videoId, error
 *   (section 3 "Upload progress item"; `bunnyVideoId` becomes our video asset id).
 * - Checkpoints (sections 4 and 9): 5 when the item is added, 10 once the server has created the video record
 *   (the tus creation answered), 10-90 while bytes go up, 95 with status `processing` once every byte is on the
 *   server, 100 with status `completed` once the server says the video is ready. While processing, the row also
 *   shows the server's transcoding percent (`transcodePercent`).
 * - Retry from `error` up to 3 times (section 4, "Retry (n/3)"); the transfer resumes from the server's offset.
 * - The list is saved on every change; on load, completed items older than one hour are dropped (section 3).
 * - A transfer ends on a stall, never on its length (docs/decisions/053-uploads-end-on-a-stall.md, departing from the
 *   spec's 1-hour timeout, which was one request's limit at a hosted service): with no byte through for
 *   UPLOAD_STALL_MS it is aborted and started again from the server's offset (tus); after MAX_STALLS stalls in a
 *   row without a byte between them it fails with the stall text. The row shows the rate and the time left
 *   (`sentBytes`, `rateBytesPerSecond`, `timeLeftSeconds`).
 * - A page reload loses the browser's File object: an item that was uploading comes back as `needsFile`, and
 *   picking the same file again resumes it from the server's offset (tus fingerprint kept in localStorage).
 */

/** Retries allowed after a failed upload (docs/product/admin.md §4). */
export const MAX_UPLOAD_RETRIES = 3;
/** Completed uploads stay listed for this long (docs/product/admin.md §3), ms. */
export const COMPLETED_TTL_MS = 60 * 60 * 1000;
/** No byte through for this long and a transfer is started again from the server's offset, ms (ADR 053). */
export const UPLOAD_STALL_MS = 3 * 60 * 1000;
/** Stalls in a row, with no byte between them, after which the upload fails (ADR 053): 9 minutes without a byte. */
export const MAX_STALLS = 3;
/** The rate is smoothed over about this long, seconds (an exponential moving average by elapsed time). */
export const RATE_WINDOW_SECONDS = 10;
/** How often a processing video's state is asked from the server, ms. */
export const PROCESSING_POLL_MS = 2000;
export const STORAGE_KEY = 'sobanura-admin-uploads';

export const PROGRESS = { started: 5, created: 10, transferEnd: 90, transferred: 95, done: 100 } as const;

export type UploadStatus = 'uploading' | 'processing' | 'completed' | 'error';
export type UploadTarget = { kind: 'movie' | 'episode'; id: string };

export interface UploadItem {
  id: string;
  target: UploadTarget;
  movieTitle: string;
  fileName: string;
  fileSize: number;
  /** 0-100, following the checkpoints above. */
  progress: number;
  /** One of UploadStatus; anything else read back from storage shows as Unknown. */
  status: string;
  /** When this attempt started, ms since epoch. */
  startTime: number;
  /** When it completed, ms since epoch. */
  completedAt: number | null;
  /** The server's video asset id, known once the tus creation answered. */
  videoId: string | null;
  error: string | null;
  retries: number;
  /** The server's transcoding percent while processing. */
  transcodePercent: number | null;
  /** After a reload: the file must be picked again to resume (the browser forgets File objects). */
  needsFile: boolean;
  /** Bytes of the file on the server, as the transfer last reported. */
  sentBytes: number;
  /** When a byte last got through (or the attempt started), ms since epoch. */
  lastProgressAt: number;
  /** The transfer rate, bytes per second, smoothed over RATE_WINDOW_SECONDS; null until measured. */
  rateBytesPerSecond: number | null;
  /** Stalls in a row with no byte between them (ADR 053). */
  stalls: number;
}

/** What the store asks of a transfer (tus in the browser, a fake in tests). */
export interface Transfer {
  start(): void;
  abort(): Promise<void> | void;
}
export interface TransferHandlers {
  /** The server created the upload (and the video record); `videoId` is the asset id. */
  onCreated(videoId: string): void;
  /** Fraction 0-1 of the bytes on the server. */
  onProgress(fraction: number): void;
  onSuccess(): void;
  /** A translated, user-facing message. */
  onError(message: string): void;
}
export type TransferFactory = (file: File, target: UploadTarget, handlers: TransferHandlers) => Transfer;

/** The server's view of a video, polled while processing (GET /api/admin/videos/:id). */
export interface ServerVideo {
  status: 'uploading' | 'processing' | 'ready' | 'failed';
  progress: number;
  error: string | null;
  /** The failure reason as a stable code (ADR 023), when the server gives one. */
  errorCode?: string | null;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface UploadStoreDeps {
  createTransfer: TransferFactory;
  fetchVideo: (videoId: string) => Promise<ServerVideo>;
  storage?: StorageLike | null;
  now?: () => number;
  newId?: () => string;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** `stalled`: an upload that got no byte through for MAX_STALLS × UPLOAD_STALL_MS. */
  texts: { stalled: string; notFound: string; failure?: (code: string) => string };
  /** Told when an upload completes or fails (the panel shows a toast). */
  onSettled?: (item: UploadItem) => void;
}

/** 10-90 during the transfer (docs/product/admin.md §4). */
export function transferPercent(fraction: number): number {
  const f = Math.max(0, Math.min(1, Number.isFinite(fraction) ? fraction : 0));
  return PROGRESS.created + f * (PROGRESS.transferEnd - PROGRESS.created);
}

/**
 * The rate after `bytes` more went up in `seconds`, bytes per second: an exponential moving average weighted by
 * the time passed (RATE_WINDOW_SECONDS), the first measure taken as it is. Pure.
 */
export function smoothedRate(previous: number | null, bytes: number, seconds: number): number | null {
  if (!(seconds > 0) || bytes < 0) return previous;
  const instant = bytes / seconds;
  if (previous === null) return instant;
  return previous + (1 - Math.exp(-seconds / RATE_WINDOW_SECONDS)) * (instant - previous);
}

/** Seconds until every byte is up at the current rate; null while the rate is unknown or zero. Pure. */
export function timeLeftSeconds(item: Pick<UploadItem, 'fileSize' | 'sentBytes' | 'rateBytesPerSecond'>): number | null {
  if (!item.rateBytesPerSecond || item.rateBytesPerSecond <= 0) return null;
  return Math.max(0, (item.fileSize - item.sentBytes) / item.rateBytesPerSecond);
}

/** Elapsed time as minutes:seconds (docs/product/admin.md §2). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The status label key: the four known statuses, anything else is Unknown (docs/product/admin.md §2). */
export function statusLabel(status: string): 'uploading' | 'processing' | 'completed' | 'failed' | 'unknown' {
  if (status === 'uploading' || status === 'processing' || status === 'completed') return status;
  if (status === 'error') return 'failed';
  return 'unknown';
}

function isItem(v: unknown): v is UploadItem {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  const target = o.target as Record<string, unknown> | undefined;
  return (
    typeof o.id === 'string' &&
    typeof o.fileName === 'string' &&
    typeof o.movieTitle === 'string' &&
    typeof o.progress === 'number' &&
    typeof o.status === 'string' &&
    typeof o.startTime === 'number' &&
    typeof target === 'object' &&
    target !== null &&
    (target.kind === 'movie' || target.kind === 'episode') &&
    typeof target.id === 'string'
  );
}

/**
 * Reads the saved list: drops unreadable rows and completed rows older than one hour (by completion time, else
 * start time); a row that was uploading when the page went away now needs its file picked again.
 */
export function restoreItems(raw: string | null, now: number): UploadItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(isItem)
    .map((i) => ({
      ...i,
      fileSize: typeof i.fileSize === 'number' ? i.fileSize : 0,
      completedAt: typeof i.completedAt === 'number' ? i.completedAt : null,
      videoId: typeof i.videoId === 'string' ? i.videoId : null,
      error: typeof i.error === 'string' ? i.error : null,
      retries: typeof i.retries === 'number' ? i.retries : 0,
      transcodePercent: typeof i.transcodePercent === 'number' ? i.transcodePercent : null,
      needsFile: i.status === 'uploading' ? true : Boolean(i.needsFile),
      sentBytes: typeof i.sentBytes === 'number' ? i.sentBytes : 0,
      lastProgressAt: typeof i.lastProgressAt === 'number' ? i.lastProgressAt : i.startTime,
      rateBytesPerSecond: null,
      stalls: 0,
    }))
    .filter((i) => !(i.status === 'completed' && now - (i.completedAt ?? i.startTime) > COMPLETED_TTL_MS));
}

export interface UploadStore {
  getItems(): UploadItem[];
  subscribe(listener: () => void): () => void;
  /** Adds a row at 5 % and starts the transfer; returns the row's id. */
  add(target: UploadTarget, movieTitle: string, file: File): string;
  /** After a reload: the same file picked again continues the row's upload. */
  resume(id: string, file: File): void;
  /** From `error`, at most MAX_UPLOAD_RETRIES times. Returns false when not allowed. */
  retry(id: string, file?: File): boolean;
  remove(id: string): void;
  clearCompleted(): void;
  /** Checks for stalls (ADR 053); call about once a second while anything uploads. */
  tick(): void;
  /** Stops timers (tests). */
  dispose(): void;
}

export function createUploadStore(deps: UploadStoreDeps): UploadStore {
  const now = deps.now ?? (() => Date.now());
  const newId = deps.newId ?? (() => globalThis.crypto.randomUUID());
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const storage = deps.storage ?? null;

  let items: UploadItem[] = restoreItems(storage?.getItem(STORAGE_KEY) ?? null, now());
  const transfers = new Map<string, Transfer>();
  const files = new Map<string, File>();
  const polls = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  let disposed = false;

  const save = () => {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(items));
    } catch {
      // Storage full or refused: the list lasts for this page only.
    }
  };
  const set = (next: UploadItem[]) => {
    items = next;
    save();
    listeners.forEach((l) => l());
  };
  const get = (id: string) => items.find((i) => i.id === id);
  const update = (id: string, patch: Partial<UploadItem>) => {
    if (!get(id)) return;
    set(items.map((i) => (i.id === id ? { ...i, ...patch } : i)));
  };
  const settle = (id: string) => {
    const item = get(id);
    if (item) deps.onSettled?.(item);
  };

  const stopPoll = (id: string) => {
    const h = polls.get(id);
    if (h !== undefined) clearTimer(h);
    polls.delete(id);
  };
  const poll = (id: string) => {
    stopPoll(id);
    if (disposed) return;
    polls.set(
      id,
      setTimer(() => {
        polls.delete(id);
        const item = get(id);
        if (!item || item.status !== 'processing' || !item.videoId) return;
        deps
          .fetchVideo(item.videoId)
          .then((video) => {
            if (get(id)?.status !== 'processing') return;
            if (video.status === 'ready') {
              update(id, { status: 'completed', progress: PROGRESS.done, transcodePercent: 100, completedAt: now() });
              settle(id);
            } else if (video.status === 'failed') {
              const reason = video.errorCode && deps.texts.failure ? deps.texts.failure(video.errorCode) : (video.error ?? deps.texts.notFound);
              update(id, { status: 'error', error: reason, transcodePercent: null });
              settle(id);
            } else {
              update(id, { transcodePercent: video.status === 'processing' ? Math.round(video.progress) : 0 });
              poll(id);
            }
          })
          .catch(() => poll(id));
      }, PROCESSING_POLL_MS),
    );
  };

  const startTransfer = (id: string, file: File) => {
    const item = get(id);
    if (!item) return;
    files.set(id, file);
    const transfer = deps.createTransfer(file, item.target, {
      onCreated: (videoId) => {
        const cur = get(id);
        if (cur?.status !== 'uploading') return;
        update(id, { videoId, progress: Math.max(cur.progress, PROGRESS.created) });
      },
      onProgress: (fraction) => {
        const cur = get(id);
        if (cur?.status !== 'uploading') return;
        const sent = Math.round(Math.max(0, Math.min(1, Number.isFinite(fraction) ? fraction : 0)) * cur.fileSize);
        const patch: Partial<UploadItem> = { progress: Math.max(PROGRESS.created, transferPercent(fraction)) };
        if (sent > cur.sentBytes) {
          const t = now();
          Object.assign(patch, { sentBytes: sent, lastProgressAt: t, stalls: 0, rateBytesPerSecond: smoothedRate(cur.rateBytesPerSecond, sent - cur.sentBytes, (t - cur.lastProgressAt) / 1000) });
        } else if (sent < cur.sentBytes) {
          // A transfer started again reports from the server's offset: count from there, keep the rate.
          patch.sentBytes = sent;
        }
        update(id, patch);
      },
      onSuccess: () => {
        if (get(id)?.status !== 'uploading') return;
        transfers.delete(id);
        update(id, { status: 'processing', progress: PROGRESS.transferred, transcodePercent: 0 });
        poll(id);
      },
      onError: (message) => {
        if (get(id)?.status !== 'uploading') return;
        transfers.delete(id);
        update(id, { status: 'error', error: message });
        settle(id);
      },
    });
    transfers.set(id, transfer);
    transfer.start();
  };

  // Rows that were processing when the page went away go on being followed.
  for (const i of items) if (i.status === 'processing' && i.videoId) poll(i.id);

  return {
    getItems: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(target, movieTitle, file) {
      const id = newId();
      const item: UploadItem = {
        id,
        target,
        movieTitle,
        fileName: file.name,
        fileSize: file.size,
        progress: PROGRESS.started,
        status: 'uploading',
        startTime: now(),
        completedAt: null,
        videoId: null,
        error: null,
        retries: 0,
        transcodePercent: null,
        needsFile: false,
        sentBytes: 0,
        lastProgressAt: now(),
        rateBytesPerSecond: null,
        stalls: 0,
      };
      set([item, ...items]);
      startTransfer(id, file);
      return id;
    },
    resume(id, file) {
      const item = get(id);
      if (!item || !item.needsFile) return;
      update(id, { needsFile: false, status: 'uploading', error: null, startTime: now(), fileName: file.name, fileSize: file.size, lastProgressAt: now(), rateBytesPerSecond: null, stalls: 0 });
      startTransfer(id, file);
    },
    retry(id, file) {
      const item = get(id);
      const chosen = file ?? files.get(id);
      if (!item || item.status !== 'error' || item.retries >= MAX_UPLOAD_RETRIES) return false;
      if (!chosen) {
        update(id, { needsFile: true, retries: item.retries + 1, status: 'uploading', error: null });
        return true;
      }
      update(id, { status: 'uploading', error: null, retries: item.retries + 1, startTime: now(), needsFile: false, progress: PROGRESS.started, videoId: null, transcodePercent: null, sentBytes: 0, lastProgressAt: now(), rateBytesPerSecond: null, stalls: 0 });
      startTransfer(id, chosen);
      return true;
    },
    remove(id) {
      void transfers.get(id)?.abort();
      transfers.delete(id);
      files.delete(id);
      stopPoll(id);
      set(items.filter((i) => i.id !== id));
    },
    clearCompleted() {
      for (const i of items) if (i.status === 'completed') files.delete(i.id);
      set(items.filter((i) => i.status !== 'completed'));
    },
    tick() {
      const t = now();
      for (const i of items) {
        if (i.status !== 'uploading' || i.needsFile || t - i.lastProgressAt <= UPLOAD_STALL_MS) continue;
        void transfers.get(i.id)?.abort();
        transfers.delete(i.id);
        const stalls = i.stalls + 1;
        const file = files.get(i.id);
        if (stalls >= MAX_STALLS || !file) {
          update(i.id, { status: 'error', error: deps.texts.stalled, stalls, rateBytesPerSecond: null });
          settle(i.id);
          continue;
        }
        // Started again: tus asks the server for its offset and sends the rest (ADR 053).
        update(i.id, { stalls, lastProgressAt: t, rateBytesPerSecond: null });
        startTransfer(i.id, file);
      }
    },
    dispose() {
      disposed = true;
      for (const id of [...polls.keys()]) stopPoll(id);
    },
  };
}
