/**
 * The job queue: pg-boss on the same database (PGlite through its `db.executeSql` option, or PostgreSQL), so
 * jobs survive restarts and workers on other machines can pull from the same queues (docs/product/architecture.md §3 "jobs").
 */
import PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/client.js';

export interface JobQueue {
  send(name: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
}

export async function startQueue(executeSql: ExecuteSql, onError: (err: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({ db: { executeSql } as unknown as PgBoss.Db, supervise: true, schedule: true });
  boss.on('error', onError);
  await boss.start();
  return boss;
}

/**
 * Puts jobs that were active when the previous process stopped back in line at once, so a job cut off by a restart
 * runs again (docs/product/architecture.md §5.5: nothing a user saved is lost on a server restart). Only safe where this process is the
 * queue's only worker: the embedded PGlite default, which admits one process. On PostgreSQL, pg-boss's own expiry
 * retries them.
 */
export async function retryOrphanedJobs(boss: PgBoss, executeSql: ExecuteSql, queue: string): Promise<number> {
  const { rows } = await executeSql(`select id from pgboss.job where name = $1 and state = 'active'`, [queue]);
  const ids = rows.map((r) => String(r.id));
  if (ids.length) await boss.fail(queue, ids);
  return ids.length;
}

/** Advisory lock key held while creating queues (ADR 016): pg-boss 10's create_queue is not safe to run at once. */
export const QUEUE_LOCK_KEY = 727_262_002;

/**
 * Creates `names` (no-ops for queues that exist). On PostgreSQL this runs under an advisory lock, because two
 * processes starting at once on a fresh database can both insert the same queue row and one fails ("while inserting
 * index tuple ... in relation queue"), which stopped a web instance started beside a worker in the multi-node test.
 */
export async function createQueues(boss: PgBoss, names: readonly string[], withLock?: <T>(key: number, fn: () => Promise<T>) => Promise<T>): Promise<void> {
  const create = async () => {
    for (const name of names) await boss.createQueue(name);
  };
  await (withLock ? withLock(QUEUE_LOCK_KEY, create) : create());
}
