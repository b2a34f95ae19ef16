import { Upload, type DetailedError } from 'tus-js-client';
import { TUS_ENDPOINT } from '../../../../shared/contracts/media';
import { i18n } from '../../../lib/i18n';
import type { Transfer, TransferHandlers, UploadTarget } from '../hooks/upload-store';

/** tus chunk size, bytes: small enough to lose little on a dropped mobile connection. */
export const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * A resumable tus 1.0 upload (https://tus.io/protocols/resumable-upload) of a movie's or an episode's video to
 * /api/uploads. Upload-Metadata: `filename`, `filetype`, and `movieId` or `episodeId`. The upload URL's last
 * segment is the server's video asset id. The fingerprint (name, type, size, mtime, endpoint) is kept in
 * localStorage, so picking the same file again for the same target, even after a reload, continues from the
 * server's offset instead of sending everything again.
 */
export function createVideoUpload(file: File, target: UploadTarget, handlers: TransferHandlers): Transfer {
  const key = target.kind === 'movie' ? 'movieId' : 'episodeId';
  const upload: Upload = new Upload(file, {
    endpoint: TUS_ENDPOINT,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    metadata: { filename: file.name, filetype: file.type, [key]: target.id },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onUploadUrlAvailable: () => {
      const id = upload.url?.split('/').pop();
      if (id) handlers.onCreated(id);
    },
    onProgress: (sent, total) => handlers.onProgress(total > 0 ? sent / total : 0),
    onSuccess: () => handlers.onSuccess(),
    onError: (error) => handlers.onError(describeUploadError(error)),
  });

  return {
    start: () => {
      upload
        .findPreviousUploads()
        .then((previous) => {
          const same = previous.find((p) => p.metadata[key] === target.id);
          if (same) upload.resumeFromPreviousUpload(same);
        })
        .catch(() => undefined)
        .finally(() => upload.start());
    },
    abort: () => upload.abort(false),
  };
}

/** Status and body of the server's answer when a tus request failed with one; null for network failures. */
export function uploadFailure(error: Error | DetailedError): { status: number; body: string } | null {
  const res = (error as DetailedError).originalResponse;
  if (!res) return null;
  return { status: res.getStatus(), body: res.getBody() ?? '' };
}

/** The spec's texts (docs/product/admin.md §8): the server's translated error code, else the status and body. */
export function describeUploadError(error: Error | DetailedError): string {
  const t = i18n.t.bind(i18n);
  const failure = uploadFailure(error);
  if (!failure) return t('admin.uploadNetworkError');
  try {
    const body = JSON.parse(failure.body) as { error?: { code?: string; message?: string; details?: { reason?: unknown } } };
    // A refused video names its reason as a stable code (ADR 023): the translated reason, never the tool's English.
    const reason = body.error?.details?.reason;
    if (body.error?.code === 'media_rejected' && typeof reason === 'string') return t(`mediaFailure.${reason}`, { defaultValue: t('errors.media_rejected') });
    if (body.error?.code) return t(`errors.${body.error.code}`, { defaultValue: body.error.message ?? '' });
  } catch {
    // Not JSON: show what the server said.
  }
  return t('admin.uploadFailedStatus', { status: failure.status, body: failure.body.slice(0, 200) });
}
