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
 */
import { mkdirSync } from 'node:fs';
import { FileStore } from '@tus/file-store';

/** FileStore whose constructor makes `directory` (and its parents) at once; throws the `fs` error (EACCES, ENOTDIR…) when it cannot. */
export class UploadStore extends FileStore {}

function makeFolderNow(this: FileStore): void {
  mkdirSync(this.directory, { recursive: true });
}
// FileStore's constructor calls this.checkOrCreateDirectory(); TypeScript marks it private, so it is replaced on the prototype.
Object.defineProperty(UploadStore.prototype, 'checkOrCreateDirectory', { value: makeFolderNow });
