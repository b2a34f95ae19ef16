#!/usr/bin/env node
// The `sobanura` command: runs src/server/cli.ts through tsx; `sobanura worker` runs a transcoding worker
// (src/server/worker.ts), passing SIGTERM and SIGINT on so it stops cleanly.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const entry = args[0] === 'worker' ? 'src/server/worker.ts' : 'src/server/cli.ts';
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry), ...(args[0] === 'worker' ? args.slice(1) : args)], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
