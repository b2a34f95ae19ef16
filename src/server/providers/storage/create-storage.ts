/**
 * Picks the media storage from the configuration (STORAGE=local|s3, MEDIA_DIR, S3_*):
 * docs/decisions/016-object-storage-and-roles.md.
 */
import type { MediaStorage } from './media-storage.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage, type S3StorageConfig } from './s3-storage.js';
import type { StorageOptions } from './storage-error-hook.js';

export interface MediaStorageConfig {
  storage: 'local' | 's3';
  /** The local media folder (used when `storage` is `local`). */
  mediaDir: string;
  /** The bucket settings; required when `storage` is `s3`. */
  s3: S3StorageConfig | null;
}

/**
 * The local folder storage or the S3 storage.
 * @throws Error when `storage` is `s3` and `s3` is null (the configuration check should have caught it first).
 */
export function createMediaStorage(cfg: MediaStorageConfig, opts: StorageOptions = {}): MediaStorage {
  if (cfg.storage === 's3') {
    if (!cfg.s3) throw new Error('STORAGE=s3 needs S3_BUCKET and S3_REGION');
    return createS3Storage(cfg.s3, opts);
  }
  return createLocalStorage(cfg.mediaDir, opts);
}
