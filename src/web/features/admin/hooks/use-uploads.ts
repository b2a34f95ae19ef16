import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { i18n } from '../../../lib/i18n';
import { createVideoUpload, uploadFailure, type VideoUpload } from '../api/upload-video';

/** Retries after a failed upload (admin spec section 4: Retry (n/3)). */
export const MAX_UPLOAD_RETRIES = 3;

export interface UploadItem {
  movieId: string;
  movieTitle: string;
  fileName: string;
  /** Transfer percent, 0-100. */
  progress: number;
  /** `transferred`: every byte is on the server; processing is then read from the movie list. */
  state: 'uploading' | 'transferred' | 'error';
  error: string | null;
  retries: number;
}

/*
 * The uploads of this tab live outside React, so they go on while the admin looks at other pages of the site.
 * One upload per movie.
 */
let items: UploadItem[] = [];
const uploads = new Map<string, VideoUpload>();
const listeners = new Set<() => void>();

function set(next: UploadItem[]) {
  items = next;
  listeners.forEach((l) => l());
  syncUnloadWarning();
}

function update(movieId: string, patch: Partial<UploadItem>) {
  set(items.map((i) => (i.movieId === movieId ? { ...i, ...patch } : i)));
}

const warn = (e: BeforeUnloadEvent) => e.preventDefault();
let warning = false;
/** Leaving the page stops a transfer (it resumes when the same file is chosen again): the browser asks first. */
function syncUnloadWarning() {
  const busy = items.some((i) => i.state === 'uploading');
  if (busy === warning) return;
  warning = busy;
  if (busy) window.addEventListener('beforeunload', warn);
  else window.removeEventListener('beforeunload', warn);
}

function describe(error: Error): string {
  const t = i18n.t.bind(i18n);
  const failure = uploadFailure(error);
  if (!failure) return t('admin.uploadNetworkError');
  try {
    const body = JSON.parse(failure.body) as { error?: { code?: string; message?: string } };
    if (body.error?.code) return t(`errors.${body.error.code}`, { defaultValue: body.error.message ?? '' });
  } catch {
    // Not JSON: show what the server said.
  }
  return t('admin.uploadFailedStatus', { status: failure.status, body: failure.body.slice(0, 200) });
}

export function startUpload(movieId: string, movieTitle: string, file: File): void {
  void uploads.get(movieId)?.abort();
  const upload = createVideoUpload(file, movieId, {
    onProgress: (progress) => update(movieId, { progress }),
    onSuccess: () => {
      update(movieId, { progress: 100, state: 'transferred' });
      toast.success(i18n.t('admin.uploadCompleted'), { description: movieTitle });
    },
    onError: (error) => {
      const message = describe(error);
      update(movieId, { state: 'error', error: message });
      toast.error(i18n.t('admin.uploadFailed'), { description: message });
    },
  });
  uploads.set(movieId, upload);
  set([
    { movieId, movieTitle, fileName: file.name, progress: 0, state: 'uploading', error: null, retries: 0 },
    ...items.filter((i) => i.movieId !== movieId),
  ]);
  upload.start();
}

export function retryUpload(movieId: string): void {
  const item = items.find((i) => i.movieId === movieId);
  const upload = uploads.get(movieId);
  if (!item || !upload || item.retries >= MAX_UPLOAD_RETRIES) return;
  update(movieId, { state: 'uploading', error: null, retries: item.retries + 1 });
  upload.start();
}

export function removeUpload(movieId: string): void {
  void uploads.get(movieId)?.abort();
  uploads.delete(movieId);
  set(items.filter((i) => i.movieId !== movieId));
}

export function useUploads(): UploadItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
    () => items,
  );
}
