#!/usr/bin/env node
// `npm test` (and `npm run test:full`): runs the phases — lint, type check (tsconfig.json), build (the server with
// tsconfig.build.json, which is also that config's type check, then the web app), unit and integration tests,
// end-to-end scenarios — stops at the first phase that fails with that phase's exit code, and prints a table of each
// phase's wall time either way (docs/decisions/040-test-speed.md).
//
// Lint, type check and build read the sources and nothing the others write (lint ignores dist/), and each is one
// single-threaded process for most of its time, so they run side by side on a machine with two or more cores; their
// output is held and printed whole, one phase after another, as each ends. Unit and e2e run alone, in that order,
// with their output as it comes (Vitest's closing lines included): the unit tests need the built server, and the
// e2e phase the built web app too.
//
// Usage: node scripts/run-tests.mjs [--full] [--only=lint,typecheck,build,unit,e2e] [--serial]
//   --full    the exhaustive matrix (SOBANURA_TEST_FULL=1: the whole layout sweep), run before a release.
//   --serial  the static phases one after another too, with their output as it comes.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const args = process.argv.slice(2);
const full = args.includes('--full');
const serial = args.includes('--serial') || availableParallelism() < 2;
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const env = { ...process.env, ...(full ? { SOBANURA_TEST_FULL: '1' } : {}) };

/**
 * Each phase: a name, the commands it runs in order (each `[command, ...args]`), and its stage. Phases of one stage
 * run side by side; stages run in order.
 */
const PHASES = [
  { name: 'lint', stage: 'static', steps: [['npx', 'eslint', '.'], ['npx', 'depcruise', 'src', '--config', '.dependency-cruiser.cjs']] },
  { name: 'typecheck', stage: 'static', steps: [['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json']] },
  { name: 'build', stage: 'static', steps: [['npm', 'run', '--silent', 'build:server'], ['npm', 'run', '--silent', 'build:web']] },
  { name: 'unit', stage: 'unit', steps: [['npx', 'vitest', 'run']] },
  { name: 'e2e', stage: 'e2e', steps: [['npx', 'vitest', 'run', '--config', 'vitest.e2e.config.ts']] },
].filter((p) => !only || only.includes(p.name));

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

/**
 * Runs one command, its output to the terminal (`held` false) or into `held` (an array of Buffers); resolves with
 * its exit code (1 when a signal ended it, 127 when it could not start).
 */
function step([command, ...rest], held) {
  return new Promise((resolve) => {
    const child = spawn(command, rest, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    children.add(child);
    if (held) {
      child.stdout.on('data', (b) => held.push(b));
      child.stderr.on('data', (b) => held.push(b));
    }
    child.on('error', (err) => {
      children.delete(child);
      (held ? (s) => held.push(Buffer.from(`${s}\n`)) : console.error)(`${command}: ${err.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Runs one phase's steps in order, stopping at the first that fails; resolves with its row of the table. */
async function runPhase(phase, hold) {
  const held = hold ? [] : null;
  const t0 = performance.now();
  if (!hold) console.log(`\n=== ${phase.name} ===`);
  let code = 0;
  for (const s of phase.steps) {
    code = await step(s, held);
    if (code !== 0) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  if (hold) {
    console.log(`\n=== ${phase.name} (${seconds.toFixed(1)} s, side by side with the other ${phase.stage} phases) ===`);
    process.stdout.write(Buffer.concat(held));
  }
  return { phase: phase.name, seconds, code, result: code === 0 ? 'ok' : `failed (exit ${code})` };
}

const stages = [...new Set(PHASES.map((p) => p.stage))];
const rows = [];
let exitCode = 0;
const started = performance.now();
for (const stage of stages) {
  const phases = PHASES.filter((p) => p.stage === stage);
  const together = !serial && phases.length > 1;
  const done = together ? await Promise.all(phases.map((p) => runPhase(p, true))) : [];
  if (!together) {
    for (const p of phases) {
      const row = await runPhase(p, false);
      done.push(row);
      if (row.code !== 0) break;
    }
  }
  rows.push(...done);
  const failed = done.find((r) => r.code !== 0);
  if (failed) {
    exitCode = failed.code;
    break;
  }
}
for (const phase of PHASES.filter((p) => !rows.some((r) => r.phase === p.name))) rows.push({ phase: phase.name, seconds: null, result: 'not run' });

const pad = (s, n) => String(s).padEnd(n);
console.log(`\nTest phases${full ? ' (full matrix)' : ''}${serial ? '' : ' (lint, typecheck and build side by side)'}:`);
console.log(`  ${pad('phase', 10)} ${'wall s'.padStart(8)}  result`);
for (const r of rows) console.log(`  ${pad(r.phase, 10)} ${(r.seconds === null ? '-' : r.seconds.toFixed(1)).padStart(8)}  ${r.result}`);
console.log(`  ${pad('total', 10)} ${((performance.now() - started) / 1000).toFixed(1).padStart(8)}`);
process.exit(exitCode);
