/**
 * Prometheus metrics (prom-client; text exposition format 0.0.4) for GET /metrics, which exists only when
 * METRICS_TOKEN is set (src/server/modules/system/system.routes.ts). One `Registry` per app, never prom-client's
 * global one, so every app built in one process (the tests build many) counts on its own.
 *
 * Metrics (units in the names, as the Prometheus naming guide asks):
 * - http_request_duration_seconds{method,route,status_code}  histogram, seconds from request to response
 *   (Fastify `reply.elapsedTime`); `route` is the route pattern (`/api/movies/:id`), `unmatched` for a 404
 *   without a route, so URLs with ids or tokens never become label values;
 * - sobanura_transcode_queue_depth{state}  gauge, jobs of the pg-boss queue `transcode-video` that are created
 *   (waiting), retry (waiting after a failure) or active (running), read at each scrape;
 * - sobanura_transcode_duration_seconds  histogram, one observation per finished transcode (`transcodeDuration`);
 * - sobanura_payments{state}  gauge, payments by status (pending, successful, failed), read at each scrape;
 * - sobanura_playback_sessions_active  gauge, playback sessions not stopped and seen within
 *   SESSION_LAPSE_SECONDS (shared/contracts/playback.ts), read at each scrape;
 * - sobanura_storage_errors_total{op}  counter, failed media storage operations (`onStorageError`, the `onError`
 *   option of the storage factories, providers/storage/storage-error-hook.ts);
 * - the process metrics of `collectDefaultMetrics` (CPU seconds, resident memory bytes, event loop lag, heap).
 * A database figure that cannot be read at a scrape is left out of that scrape (the gauge is reset) and logged,
 * rather than failing the whole scrape.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SESSION_LAPSE_SECONDS } from '../../shared/contracts/playback.js';
import type { MetricsRepository } from '../modules/system/metrics.repository.js';
import { OPEN_JOB_STATES } from '../modules/system/metrics.repository.js';

/** The pg-boss queue whose depth is reported (media.service.ts TRANSCODE_QUEUE; not imported, to keep this module light). */
export const TRANSCODE_QUEUE_NAME = 'transcode-video';

/** Transcode durations span a 10 s clip to a three-hour film on a slow worker (seconds). */
const TRANSCODE_BUCKETS = [10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14400];

export interface MetricsDeps {
  repo: MetricsRepository;
  /** Told when a database figure cannot be read at a scrape. */
  onCollectError?: (metric: string, err: unknown) => void;
}

/** Creates the registry and the instruments of one app; see the module comment for the metrics. */
export function createMetrics(deps: MetricsDeps) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, seconds, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  /** Runs `read`; on failure resets `gauge` (the figure is absent from this scrape) and reports the error. */
  const guarded = async (name: string, gauge: Gauge<string>, read: () => Promise<void>) => {
    try {
      await read();
    } catch (err) {
      gauge.reset();
      deps.onCollectError?.(name, err);
    }
  };

  new Gauge({
    name: 'sobanura_transcode_queue_depth',
    help: `Jobs of the ${TRANSCODE_QUEUE_NAME} queue by state: created (waiting), retry (waiting after a failure), active (running)`,
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      await guarded('sobanura_transcode_queue_depth', this, async () => {
        const counts = await deps.repo.openJobs(TRANSCODE_QUEUE_NAME);
        for (const state of OPEN_JOB_STATES) this.set({ state }, counts[state]);
      });
    },
  });

  const transcodeDuration = new Histogram({
    name: 'sobanura_transcode_duration_seconds',
    help: 'Wall time of one finished transcode (probe, ladder, poster, upload), seconds',
    buckets: TRANSCODE_BUCKETS,
    registers: [registry],
  });

  new Gauge({
    name: 'sobanura_payments',
    help: 'Payments by state (pending, successful, failed)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      await guarded('sobanura_payments', this, async () => {
        const counts = await deps.repo.paymentsByState();
        for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
      });
    },
  });

  new Gauge({
    name: 'sobanura_playback_sessions_active',
    help: `Playback sessions not stopped and seen within the last ${SESSION_LAPSE_SECONDS} seconds`,
    registers: [registry],
    async collect() {
      await guarded('sobanura_playback_sessions_active', this, async () => this.set(await deps.repo.activePlaybackSessions(SESSION_LAPSE_SECONDS)));
    },
  });

  const storageErrors = new Counter({
    name: 'sobanura_storage_errors_total',
    help: 'Failed media storage operations, by operation (put, read, list, delete, check...)',
    labelNames: ['op'] as const,
    registers: [registry],
  });

  return {
    registry,
    httpDuration,
    transcodeDuration,
    storageErrors,
    /** The storage factories' `onError(op, err)` option: counts the failure under `op`. Never throws. */
    onStorageError: (op: string, _err?: unknown) => {
      storageErrors.inc({ op });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Times every response of `app` into `http_request_duration_seconds`. Call on the root instance before routes are
 * registered, so the hook covers them all (Fastify hooks are encapsulated: docs/Reference/Hooks.md).
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * Whether an `Authorization` header value presents `Bearer <token>` (RFC 6750 section 2.1) with the metrics token,
 * compared in time independent of where they differ (both hashed to 32 bytes first). Used by GET /metrics on web
 * instances (system.routes.ts) and on workers (worker-metrics.ts).
 */
export function metricsAuthorized(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}
