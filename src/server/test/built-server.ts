/**
 * The compiled server for tests that start it as a process (the CLI beside a running server, the faults suite, the
 * end-to-end servers): `node dist/server/<entry>.js`, as production runs it (`npm run build:server`, README "Run it
 * in production"), instead of compiling the TypeScript with tsx at every start (docs/decisions/040-test-speed.md).
 *
 * `npm test` builds dist/server before the unit and end-to-end phases (scripts/run-tests.mjs), as do
 * `npm run test:unit` and `npm run test:e2e`. A test run on its own (`npx vitest run <file>`) after editing the
 * server needs `npm run build:server` first: `serverCommand` refuses a missing or stale build rather than test old
 * code.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The server's compiled entry points: main.ts (web and workers), worker.ts (workers only), cli.ts (the command line). */
export type ServerEntry = 'main' | 'worker' | 'cli';

const root = process.cwd();
/** The folders whose sources tsconfig.build.json compiles into dist/. */
const SOURCES = ['src/server', 'src/shared'];
/** What tsconfig.build.json leaves out: test code, whose changes need no new build. */
const TEST_ONLY_DIRS = new Set(['test', 'faults', 'security', 'emulators']);
const TEST_ONLY_FILE = /\.(test|check)\.tsx?$|^playable-fixture\.ts$/;

let checked: string | null = null;

/** The newest modification time (ms) of a source that goes into the build under `dir`, and its path. */
function newestSource(dir: string, best = { mtime: 0, file: '' }): { mtime: number; file: string } {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!TEST_ONLY_DIRS.has(entry.name)) newestSource(full, best);
    } else if (/\.(ts|sql|json)$/.test(entry.name) && !TEST_ONLY_FILE.test(entry.name)) {
      const mtime = statSync(full).mtimeMs;
      if (mtime > best.mtime) Object.assign(best, { mtime, file: full });
    }
  }
  return best;
}

/**
 * Checks that dist/server holds a build no older than the sources it is compiled from (src/server and src/shared,
 * without the test code tsconfig.build.json leaves out). The check runs once per test process.
 * @throws Error naming the missing file or the newer source, and the command that fixes it.
 */
export function assertServerBuilt(): void {
  if (checked) return;
  const main = path.join(root, 'dist/server/main.js');
  if (!existsSync(main)) throw new Error(`${path.relative(root, main)} is missing: run \`npm run build:server\` before tests that start the server as a process (npm test does).`);
  const built = statSync(main).mtimeMs;
  const newest = SOURCES.reduce((best, dir) => newestSource(path.join(root, dir), best), { mtime: 0, file: '' });
  if (newest.mtime > built) {
    throw new Error(`dist/server is older than ${path.relative(root, newest.file)}: run \`npm run build:server\` (npm test does) so the tests start the code you changed.`);
  }
  checked = main;
}

/**
 * The argv that starts `entry` compiled: `[node, /abs/dist/server/<entry>.js]` (the running Node, so the version is
 * the test's own). Append the entry's arguments.
 * @throws as assertServerBuilt when dist/server is missing or stale.
 */
export function serverCommand(entry: ServerEntry): [string, string] {
  assertServerBuilt();
  return [process.execPath, path.join(root, 'dist/server', `${entry}.js`)];
}
