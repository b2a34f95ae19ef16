#!/usr/bin/env node
// `npm test` (and `npm run test:full`): runs the phases in order — lint, type check, build (the server with
// tsconfig.build.json, which is also that config's type check, then the web app), unit and integration tests,
// end-to-end scenarios — each with its own output as it comes (Vitest's closing lines included), stops at the
// first phase that fails with that phase's exit code, and prints a table of each phase's wall time either way
// (docs/decisions/040-test-speed.md).
//
// Usage: node scripts/run-tests.mjs [--full] [--only=lint,typecheck,build,unit,e2e]
//   --full  the exhaustive matrix (SOBANURA_TEST_FULL=1: the whole layout sweep), run before a release.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const full = args.includes('--full');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const env = { ...process.env, ...(full ? { SOBANURA_TEST_FULL: '1' } : {}) };

/** Each phase: a name and the commands it runs, in order (each `[command, ...args]`, through npx/npm). */
const PHASES = [
  { name: 'lint', steps: [['npx', 'eslint', '.'], ['npx', 'depcruise', 'src', '--config', '.dependency-cruiser.cjs']] },
  { name: 'typecheck', steps: [['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json']] },
  { name: 'build', steps: [['npm', 'run', '--silent', 'build:server'], ['npm', 'run', '--silent', 'build:web']] },
  { name: 'unit', steps: [['npx', 'vitest', 'run']] },
  { name: 'e2e', steps: [['npx', 'vitest', 'run', '--config', 'vitest.e2e.config.ts']] },
].filter((p) => !only || only.includes(p.name));

/** Runs one command with the terminal as its output; resolves with its exit code (1 when a signal ended it). */
function step([command, ...rest]) {
  return new Promise((resolve) => {
    const child = spawn(command, rest, { stdio: 'inherit', env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (err) => {
      console.error(`${command}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const rows = [];
let exitCode = 0;
const started = performance.now();
for (const phase of PHASES) {
  const t0 = performance.now();
  console.log(`\n=== ${phase.name} ===`);
  let code = 0;
  for (const s of phase.steps) {
    code = await step(s);
    if (code !== 0) break;
  }
  rows.push({ phase: phase.name, seconds: (performance.now() - t0) / 1000, result: code === 0 ? 'ok' : `failed (exit ${code})` });
  if (code !== 0) {
    exitCode = code;
    break;
  }
}
for (const phase of PHASES.slice(rows.length)) rows.push({ phase: phase.name, seconds: null, result: 'not run' });

const pad = (s, n) => String(s).padEnd(n);
console.log(`\nTest phases${full ? ' (full matrix)' : ''}:`);
console.log(`  ${pad('phase', 10)} ${'wall s'.padStart(8)}  result`);
for (const r of rows) console.log(`  ${pad(r.phase, 10)} ${(r.seconds === null ? '-' : r.seconds.toFixed(1)).padStart(8)}  ${r.result}`);
console.log(`  ${pad('total', 10)} ${((performance.now() - started) / 1000).toFixed(1).padStart(8)}`);
process.exit(exitCode);
