/**
 * Parses each job's payload with its queue's zod contract (`QueueDeclaration.payload` in the module declarations,
 * docs/decisions/038-modules-declare-themselves.md, amended 2026-11-28) before the job's handler sees it.
 *
 * `guardPayloads(boss, queues, executeSql)` returns the same pg-boss with `work` wrapped for the queues given: a job
 * whose payload does not match is failed at once with the output `{ message: "<queue> job <id>: bad payload:
 * <path>: <problem>; ..." }` and is not retried (its retry limit is first set to the retries it already had, so
 * pg-boss's `fail` marks it `failed` instead of `retry`: a payload that is wrong now is wrong on every retry). The
 * handler gets the jobs that match, with their parsed data (zod defaults applied, unknown keys stripped); when none
 * match it is not called. Other queues and every other method go straight to pg-boss.
 */
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { ExecuteSql } from '../db/client.js';
import type { QueueDeclaration } from '../modules/module-kit.js';

type Handler = (jobs: PgBoss.Job<unknown>[]) => Promise<unknown>;

/** The message a job with a bad payload is failed with. */
export function badPayloadMessage(queue: string, jobId: string, error: z.ZodError): string {
  const problems = error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(payload)'}: ${i.message}`);
  return `${queue} job ${jobId}: bad payload: ${problems.join('; ')}`;
}

/**
 * `boss` with `work` checking the payloads of `queues` (see the module comment).
 * @param onBad told of each job failed for its payload (for the log); the message carries no payload value.
 */
export function guardPayloads(boss: PgBoss, queues: readonly QueueDeclaration[], executeSql: ExecuteSql, onBad?: (queue: string, jobId: string, message: string) => void): PgBoss {
  const contracts = new Map(queues.map((q) => [q.name, q.payload]));
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  const guarded = (name: string, ...rest: unknown[]): Promise<string> => {
    const contract = contracts.get(name);
    const handler = rest.at(-1);
    if (!contract || typeof handler !== 'function') return work(name, ...rest);
    const checked: Handler = async (jobs) => {
      const good: PgBoss.Job<unknown>[] = [];
      for (const job of jobs) {
        const parsed = contract.safeParse(job.data);
        if (parsed.success) {
          good.push({ ...job, data: parsed.data });
          continue;
        }
        const message = badPayloadMessage(name, job.id, parsed.error);
        await executeSql('update pgboss.job set retry_limit = retry_count where name = $1 and id = $2', [name, job.id]);
        await boss.fail(name, job.id, { message });
        onBad?.(name, job.id, message);
      }
      if (good.length) return (handler as Handler)(good);
    };
    return work(name, ...rest.slice(0, -1), checked);
  };
  return new Proxy(boss, {
    get(target, prop, receiver) {
      if (prop === 'work') return guarded;
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
