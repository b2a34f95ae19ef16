/**
 * The figures /metrics reads from the database at each scrape (src/server/plugins/metrics.ts): jobs waiting in a
 * pg-boss queue by state, payments by status, and active playback sessions. Plain SQL through `executeSql`, so
 * the same text runs on PGlite and PostgreSQL, and pg-boss's own table (pgboss.job, pg-boss 10 schema) needs no
 * Drizzle model.
 */
import type { ExecuteSql } from '../../db/client.js';

/** pg-boss 10 job states that mean "not finished": waiting (created), waiting again after a failure (retry), running (active). */
export const OPEN_JOB_STATES = ['created', 'retry', 'active'] as const;
export type OpenJobState = (typeof OPEN_JOB_STATES)[number];

/** Payment statuses (db/schema/billing.ts `payment_status`). */
export const PAYMENT_STATES = ['pending', 'successful', 'failed'] as const;

export function createMetricsRepository(executeSql: ExecuteSql) {
  return {
    /** Jobs of `queue` per open state; states without jobs are 0. */
    async openJobs(queue: string): Promise<Record<OpenJobState, number>> {
      const { rows } = await executeSql(`select state::text as state, count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active') group by state`, [queue]);
      const out: Record<OpenJobState, number> = { created: 0, retry: 0, active: 0 };
      for (const r of rows) out[r.state as OpenJobState] = Number(r.n);
      return out;
    },
    /** Payments per status (all time); statuses without payments are 0. */
    async paymentsByState(): Promise<Record<string, number>> {
      const { rows } = await executeSql(`select status::text as status, count(*)::int as n from payments group by status`);
      const out: Record<string, number> = Object.fromEntries(PAYMENT_STATES.map((s) => [s, 0]));
      for (const r of rows) out[String(r.status)] = Number(r.n);
      return out;
    },
    /**
     * Playback sessions active now: not stopped and seen within `lapseSeconds` (the rule of
     * playback.repository.ts `activeSessions`, SESSION_LAPSE_SECONDS in shared/contracts/playback.ts).
     */
    async activePlaybackSessions(lapseSeconds: number): Promise<number> {
      const { rows } = await executeSql(`select count(*)::int as n from playback_sessions where stopped_at is null and last_seen_at > now() - ($1::int * interval '1 second')`, [lapseSeconds]);
      return Number(rows[0]?.n ?? 0);
    },
  };
}
export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
