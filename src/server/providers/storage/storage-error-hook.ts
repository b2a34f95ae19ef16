/**
 * The error hook both media storage implementations take, so a metrics counter of storage errors (Prometheus,
 * `/metrics`) can be attached without the storage knowing about metrics.
 */
import type { MediaStorage } from './media-storage.js';
import { BadKeyError } from './media-storage.js';

/** Options shared by `createLocalStorage` and `createS3Storage`. */
export interface StorageOptions {
  /**
   * Called with the operation name (`put`, `read`, `list`, ...) and the error whenever an operation fails with
   * something other than the expected outcomes of the contract (a missing object is null, not an error;
   * `RangeError` and `BadKeyError` are the caller's mistakes). Also called when a stream returned by `read`
   * fails mid-way. Must not throw.
   */
  onError?: (op: string, err: unknown) => void;
}

/** True for the errors the contract expects callers to handle (so they are not counted as storage failures). */
export function isCallerError(err: unknown): boolean {
  return err instanceof RangeError || err instanceof BadKeyError;
}

type Method = Exclude<keyof MediaStorage, 'kind'>;
const METHODS: Method[] = [
  'put',
  'putFile',
  'read',
  'readBuffer',
  'stat',
  'list',
  'delete',
  'deletePrefix',
  'readLocation',
  'check',
];

/**
 * Wraps every method of `storage` so that unexpected rejections are reported to `onError` (then rethrown
 * unchanged). Returns `storage` itself when there is no hook.
 */
export function reportErrors(storage: MediaStorage, onError: StorageOptions['onError']): MediaStorage {
  if (!onError) return storage;
  const report = (op: string, err: unknown) => {
    if (isCallerError(err)) return;
    try {
      onError(op, err);
    } catch {
      // A failing hook must not change the outcome of the storage operation.
    }
  };
  const wrapped: Record<string, unknown> = { kind: storage.kind };
  for (const name of METHODS) {
    const method = storage[name] as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = async (...args: unknown[]) => {
      try {
        const result = await method.apply(storage, args);
        if (name === 'read' && result) {
          // Errors of the body stream (a connection reset, a file removed under us) surface after `read` resolved.
          (result as { stream: NodeJS.ReadableStream }).stream.on('error', (err) => report('read', err));
        }
        return result;
      } catch (err) {
        report(name, err);
        throw err;
      }
    };
  }
  return wrapped as unknown as MediaStorage;
}
