/**
 * The tus upload store under DATA_DIR/uploads: @tus/file-store's FileStore with its folder made synchronously.
 *
 * FileStore 2.x makes its folder in its constructor with a callback-style `fs.mkdir` and throws from that callback
 * when the call fails (its source notes that this call should not be made in the constructor). A failure there is
 * an uncaught exception at some later moment, not an error at start. CI met it when a test removed its data folder
 * while that mkdir was still queued on libuv's pool. Here the folder is made before the constructor returns, so a
 * folder that cannot be made fails the start with its own error, and nothing is left pending.
 *
 * The override replaces a method the library marks private (`checkOrCreateDirectory`). `upload-store.test.ts` fails
 * if a new version of the library renames it, because the folder would then not exist when the constructor returns.
 *
 * Expiry (`expirationPeriodInMilliseconds`, from UPLOAD_EXPIRY_HOURS): FileStore 2.1's own `deleteExpired` compares
 * the size with the offset kept in `{id}.json`, which it writes once at creation (0) and never updates; so it would
 * also delete *finished* uploads older than the period, among them sources still waiting for their transcode. Here
 * an upload is deleted only when its real offset (the file's size, as `getUpload` reads it) is short of its length.
 */
import { mkdirSync } from 'node:fs';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/utils';

/** FileStore whose constructor makes `directory` (and its parents) at once; throws the `fs` error (EACCES, ENOTDIR…) when it cannot. */
export class UploadStore extends FileStore {
  /**
   * Deletes the unfinished uploads created more than the expiration period ago (tus expiration extension,
   * https://tus.io/protocols/resumable-upload#expiration); a finished one is kept whatever its age. Returns how many
   * were deleted; 0 when no period is set.
   */
  override async deleteExpired(): Promise<number> {
    const period = this.getExpiration();
    if (period <= 0 || !this.configstore.list) return 0;
    let deleted = 0;
    for (const id of await this.configstore.list()) {
      const upload = await this.getUpload(id).catch((err: unknown) => {
        if (err === ERRORS.FILE_NO_LONGER_EXISTS || err === ERRORS.FILE_NOT_FOUND) return null;
        throw err;
      });
      if (!upload?.creation_date || (upload.size !== undefined && upload.offset >= upload.size)) continue;
      if (Date.now() > new Date(upload.creation_date).getTime() + period) {
        await this.remove(id).catch(() => {});
        deleted += 1;
      }
    }
    return deleted;
  }
}

function makeFolderNow(this: FileStore): void {
  mkdirSync(this.directory, { recursive: true });
}
// FileStore's constructor calls this.checkOrCreateDirectory(); TypeScript marks it private, so it is replaced on the prototype.
Object.defineProperty(UploadStore.prototype, 'checkOrCreateDirectory', { value: makeFolderNow });
