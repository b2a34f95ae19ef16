/**
 * What the server benches share: a load from a separate process (load-worker.ts) and a fresh PostgreSQL
 * database for a run (made on the server at `serverUrl`, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { LoadJob, LoadSummary } from './load-worker.js';

/** Runs `job` in a child process (load-worker.ts) and resolves with its summary (latencies in ms). */
export function runLoad(job: LoadJob): Promise<LoadSummary> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-worker.ts', import.meta.url)), { execArgv: process.execArgv });
    child.once('message', (s) => resolve(s as LoadSummary));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
    child.send(job);
  });
}

/** A new database on the PostgreSQL server at `serverUrl`: its URL, the server's version, and `drop()`. */
export async function freshPostgres(serverUrl: string): Promise<{ url: string; drop: () => Promise<void>; version: string }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `sobanura_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const version = (await admin.query('show server_version')).rows[0].server_version as string;
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version,
    drop: async () => {
      const d = new pg.Client({ connectionString: serverUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}
