import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { UploadStore } from './upload-store.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('makes its folder before the constructor returns, so removing the data folder later leaves no mkdir pending', async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-upload-store-'));
  const uploads = path.join(dir, 'data', 'uploads');
  new UploadStore({ directory: uploads });
  expect(statSync(uploads).isDirectory()).toBe(true);
  rmSync(dir, { recursive: true, force: true });
  // A callback-style mkdir still queued would now fail with ENOENT and throw from its callback; vitest reports that.
  await new Promise((resolve) => setTimeout(resolve, 50));
});

it('throws at construction when the folder cannot be made', () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-upload-store-'));
  const file = path.join(dir, 'a-file');
  writeFileSync(file, '');
  expect(() => new UploadStore({ directory: path.join(file, 'uploads') })).toThrow(/ENOTDIR/);
});
