import { z } from 'zod';

/**
 * Operating endpoints (probes of a load balancer or an orchestrator; docs/deploy.md):
 * - GET /api/health   anonymous  liveness: the process answers → 200 { status: 'ok', media }
 * - GET /api/ready    anonymous  readiness: 200 { status: 'ready', checks } when every check is ok,
 *                                503 { status: 'not_ready', checks } naming the failing ones; never cached.
 * Checks: `database` (answers `select 1`), `migrations` (every migration of the journal is applied; `pending`
 * when some are not), `storage` (the media store answers its `check()`).
 */

export const healthResponse = z.object({
  status: z.literal('ok'),
  /** Whether ffmpeg and ffprobe can be run by this process. */
  media: z.object({ ffmpeg: z.boolean(), ffprobe: z.boolean() }),
});

/** Outcome of one readiness check: `ok`, `failed` (error or no answer in time) or `pending` (migrations not applied). */
export const readinessCheckState = z.enum(['ok', 'failed', 'pending']);
export type ReadinessCheckState = z.infer<typeof readinessCheckState>;

export const readinessChecks = z.object({
  database: readinessCheckState,
  migrations: readinessCheckState,
  storage: readinessCheckState,
});
export type ReadinessChecks = z.infer<typeof readinessChecks>;

export const readyResponse = z.object({ status: z.literal('ready'), checks: readinessChecks });
export const notReadyResponse = z.object({ status: z.literal('not_ready'), checks: readinessChecks });
