import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import type { VideoAsset } from '../../../../shared/contracts/media';
import { apiRequest } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { createVideoUpload } from '../api/upload-video';
import { createUploadStore, type UploadItem, type UploadStore } from './upload-store';

export { MAX_UPLOAD_RETRIES } from './upload-store';
export type { UploadItem } from './upload-store';

/*
 * One store per tab, outside React, so uploads go on while the admin moves between tabs and pages of the site
 * (ADR 006). Created on first use, so tests and pages that never upload touch no storage.
 */
let store: UploadStore | null = null;
let ticker: ReturnType<typeof setInterval> | null = null;

const warn = (e: BeforeUnloadEvent) => e.preventDefault();
let warning = false;
/** Leaving the page stops a transfer (it resumes when the same file is picked again): the browser asks first. */
function syncUnloadWarning(items: UploadItem[]) {
  const busy = items.some((i) => i.status === 'uploading' && !i.needsFile);
  if (busy !== warning) {
    warning = busy;
    if (busy) window.addEventListener('beforeunload', warn);
    else window.removeEventListener('beforeunload', warn);
  }
  if (busy && ticker === null) ticker = setInterval(() => store?.tick(), 1000);
  if (!busy && ticker !== null) {
    clearInterval(ticker);
    ticker = null;
  }
}

export function uploadStore(): UploadStore {
  if (store) return store;
  store = createUploadStore({
    createTransfer: createVideoUpload,
    fetchVideo: async (id) => (await apiRequest<{ video: VideoAsset }>(`/api/admin/videos/${encodeURIComponent(id)}`)).video,
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    texts: {
      get stalled() {
        return i18n.t('admin.uploadStalled');
      },
      get notFound() {
        return i18n.t('admin.processingFailed');
      },
      failure: (code) => i18n.t(`mediaFailure.${code}`, { defaultValue: i18n.t('admin.processingFailed') }),
    },
    onSettled: (item) => {
      if (item.status === 'completed') toast.success(i18n.t('admin.uploadCompleted'), { description: item.movieTitle });
      else if (item.status === 'error') toast.error(i18n.t('admin.uploadFailed'), { description: item.error ?? '' });
    },
  });
  store.subscribe(() => syncUnloadWarning(store!.getItems()));
  syncUnloadWarning(store.getItems());
  return store;
}

/** The upload rows of this tab, re-rendered on every change. */
export function useUploads(): UploadItem[] {
  const s = uploadStore();
  return useSyncExternalStore(s.subscribe, s.getItems, s.getItems);
}
