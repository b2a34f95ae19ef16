import { Upload, type DetailedError } from 'tus-js-client';
import { TUS_ENDPOINT } from '../../../../shared/contracts/media';

export interface VideoUploadHandlers {
  onProgress: (percent: number) => void;
  onSuccess: () => void;
  onError: (error: Error | DetailedError) => void;
}

export interface VideoUpload {
  start: () => void;
  abort: () => Promise<void>;
}

/**
 * A resumable tus 1.0 upload of a movie's video to /api/uploads (issue 2 point 6). 8 MiB chunks, retried on
 * failure; the fingerprint is kept in localStorage so choosing the same file again for the same movie, even
 * after a reload, continues where it stopped.
 */
export function createVideoUpload(file: File, movieId: string, handlers: VideoUploadHandlers): VideoUpload {
  const upload = new Upload(file, {
    endpoint: TUS_ENDPOINT,
    chunkSize: 8 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    metadata: { filename: file.name, filetype: file.type, movieId },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => handlers.onProgress(total > 0 ? (sent / total) * 100 : 0),
    onSuccess: () => handlers.onSuccess(),
    onError: (error) => handlers.onError(error),
  });

  return {
    start: () => {
      upload
        .findPreviousUploads()
        .then((previous) => {
          const same = previous.find((p) => p.metadata.movieId === movieId);
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
