/**
 * PGlite's NodeFS (its data folder on the machine's disk), with every file and folder it creates or changes the mode
 * of kept to its owner (docs/decisions/031-private-data-folder.md).
 *
 * Why: PGlite runs PostgreSQL compiled to WebAssembly, whose file system layer (Emscripten's NODEFS) creates each
 * file and then sets its mode with `fs.chmodSync` to what the WebAssembly side asked (0666 for almost every file,
 * the write-ahead log included). chmod is not subject to the process umask, so `process.umask(0o077)` alone leaves
 * them readable and writable by every local user: measured on PGlite 0.5.17, 968 of 972 files of a new database
 * were 0666 under umask 077, while the folders followed the umask.
 * How: a preRun step, after NodeFS has mounted the folder, wraps NODEFS's `doSetAttr` (the one place its node and
 * stream `setattr` reach chmod) so the group and other bits of a mode are dropped before it reaches the disk. The
 * mode the WebAssembly side sees is dropped the same way, as PostgreSQL itself would create its files (0600).
 * When a PGlite version no longer has `NODEFS.doSetAttr`, nothing is wrapped; the folder is still 0700
 * (lib/private-data.ts) and src/server/lib/private-data.test.ts fails, naming this file.
 */
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The mode bits kept by a chmod of PGlite's: the owner's, and the file type. */
const KEEP = ~0o077;

type SetAttr = (arg: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]) => void;

/** Wraps `nodefs.doSetAttr` so modes lose their group and other bits; false when there is no such function. */
export function keepModesPrivate(nodefs: unknown): boolean {
  const fs = nodefs as { doSetAttr?: SetAttr; sobanuraPrivate?: boolean } | undefined;
  if (!fs || typeof fs.doSetAttr !== 'function') return false;
  if (fs.sobanuraPrivate) return true;
  const original = fs.doSetAttr.bind(fs);
  fs.doSetAttr = (arg, node, attr, ...rest) => original(arg, node, attr && typeof attr.mode === 'number' ? { ...attr, mode: attr.mode & KEEP } : attr, ...rest);
  fs.sobanuraPrivate = true;
  return true;
}

/** NodeFS on `dataDir` whose files and folders are its owner's only (see the module comment). */
export class PrivateNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), (mod: { NODEFS: unknown }) => void keepModesPrivate(mod.NODEFS)] } };
  }
}
