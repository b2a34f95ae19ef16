/**
 * DATA_DIR is its owner's only (lib/private-data.ts, db/private-node-fs.ts; docs/decisions/031-private-data-folder.md):
 * a folder left with 0666/0777 entries is fixed at start, and what a started server writes afterwards (PGlite's
 * files, the write-ahead log among them, and an uploaded image's media) is neither group nor other readable.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { createFaultSite, type FaultSite } from '../faults/support/child-server.js';
import { signedIn } from '../faults/support/site-client.js';
import { describeEachDb } from '../test/harness.js';
import { lockDownFolder } from './private-data.js';

/** Every entry under `dir` (itself included) with its permission bits, symbolic links left out. */
function modes(dir: string): { path: string; dir: boolean; mode: number }[] {
  const out = [{ path: dir, dir: true, mode: lstatSync(dir).mode & 0o7777 }];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isSymbolicLink()) continue;
    const p = path.join(e.parentPath, e.name);
    out.push({ path: p, dir: e.isDirectory(), mode: lstatSync(p).mode & 0o7777 });
  }
  return out;
}
/** The entries of `dir` that group or others may read, write or enter. */
const open = (dir: string) => modes(dir).filter((e) => e.mode & 0o077).map((e) => `${path.relative(dir, e.path) || '.'} ${e.mode.toString(8)}`);

/** A folder as an older version left it: 0777 folders, 0666 files. */
function looseFolder(root: string): void {
  mkdirSync(path.join(root, 'uploads', 'old'), { recursive: true });
  mkdirSync(path.join(root, 'media', 'videos', 'v1', '360p'), { recursive: true });
  writeFileSync(path.join(root, 'uploads', 'old', 'part'), 'x');
  writeFileSync(path.join(root, 'media', 'videos', 'v1', '360p', 'seg_000.m4s'), 'x');
  writeFileSync(path.join(root, 'secrets-note.txt'), 'x');
  for (const e of modes(root)) chmodSync(e.path, e.dir ? 0o777 : 0o666);
}

describe('lockDownFolder', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sobanura-private-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('sets folders to 0700 and files to 0600 once, and leaves symbolic links and their targets alone', () => {
    const data = path.join(root, 'data');
    mkdirSync(data);
    looseFolder(data);
    const outside = path.join(root, 'outside.txt');
    writeFileSync(outside, 'x');
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(data, 'link'));
    expect(open(data).length).toBe(10);
    expect(lockDownFolder(data)).toEqual({ dirs: 7, files: 3, failed: 0 });
    expect(open(data)).toEqual([]);
    expect(modes(data).filter((e) => !e.dir).map((e) => e.mode)).toEqual([0o600, 0o600, 0o600]);
    expect(lstatSync(outside).mode & 0o777).toBe(0o644);
    expect(lockDownFolder(data)).toEqual({ dirs: 0, files: 0, failed: 0 });
    expect(lockDownFolder(path.join(root, 'missing'))).toEqual({ dirs: 0, files: 0, failed: 0 });
  });

  it('PGlite on disk: every file it writes is its owner\'s only, whatever the umask', async () => {
    const dir = path.join(root, 'pglite');
    const db = await openDatabase({ dir });
    try {
      await db.executeSql('create table t (x int); insert into t select generate_series(1, 5000); checkpoint');
    } finally {
      await db.close();
    }
    const files = modes(dir).filter((e) => !e.dir);
    expect(files.length).toBeGreaterThan(500);
    expect(files.filter((e) => e.mode & 0o077).map((e) => `${path.relative(dir, e.path)} ${e.mode.toString(8)}`)).toEqual([]);
    expect(files.some((e) => e.path.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
  });
});

describeEachDb('a started server keeps DATA_DIR private', (kind) => {
  let site: FaultSite | null = null;
  afterAll(() => site?.dispose(), 60_000);

  it('fixes a folder left open at start, and what it writes afterwards is not group or other readable', async () => {
    site = await createFaultSite(kind);
    looseFolder(site.dataDir);
    expect(open(site.dataDir).length).toBeGreaterThan(5);
    await site.start();
    expect(site.log()).toMatch(/"dirs":7,"files":3,"msg":"DATA_DIR: folders set to 0700 and files to 0600/);
    // Written during the start, after the walk: PGlite's folder (on PGlite), secrets.json, server.json.
    expect(open(site.dataDir)).toEqual([]);
    if (kind === 'pglite') expect(modes(path.join(site.dataDir, 'pglite')).filter((e) => !e.dir).length).toBeGreaterThan(500);

    // An image uploaded by an admin: its WebP files go to DATA_DIR/media.
    const cookie = await signedIn(site, 'admin');
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#884422' } }).jpeg().toBuffer();
    const res = await fetch(`${site.url}/api/admin/images`, { method: 'POST', headers: { cookie, 'content-type': 'image/jpeg', 'x-file-name': 'poster.jpg' }, body: jpeg });
    expect(res.status, await res.clone().text()).toBe(201);
    const images = modes(path.join(site.dataDir, 'media')).filter((e) => !e.dir && e.path.endsWith('.webp'));
    expect(images.length).toBeGreaterThan(0);
    expect(open(site.dataDir)).toEqual([]);
  }, 180_000);
});
