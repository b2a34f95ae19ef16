/**
 * Builds the Fastify application and its services from a configuration, an open database and a transcoder.
 * Used by main.ts, the command line and the integration tests (through `app.inject`).
 */
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type PgBoss from 'pg-boss';
import type { Config } from './config.js';
import type { DbHandle } from './db/client.js';
import { createQueues, startQueue } from './jobs/queue.js';
import { JOB_QUEUES, registerJobs } from './jobs/register-jobs.js';
import { AppError } from './lib/app-error.js';
import type { BrowseOptions } from './modules/catalog/browse-module.js';
import { createReadCache } from './modules/catalog/read-cache.js';
import { createMetricsRepository } from './modules/system/metrics.repository.js';
import { closeRedis, connectRedis } from './lib/redis.js';
import { requestClientKey } from './lib/client-address.js';
import { createMetrics, registerHttpMetrics, type Metrics } from './plugins/metrics.js';
import type { RouteRecord } from './plugins/auth.js';
import { registerAuth } from './plugins/auth.js';
import { registerCatalogueEtags } from './plugins/etag.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerSecurity } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import type { Transcoder } from './providers/transcoder/transcoder.js';
import { createServices, SERVER_MODULES } from './modules/index.js';
import type { RouteContext } from './modules/module-kit.js';
import type { Services } from './services.js';
import { LOG_REDACT_PATHS, redactUrl } from './lib/log-redaction.js';

export interface BuildOptions {
  config: Config;
  db: DbHandle;
  transcoder: Transcoder;
  /** Run job workers in this process (default true). */
  workers?: boolean;
  /** Pino logger options or false. */
  logger?: boolean | object;
  /** Token the command line presents to reach a running server. */
  cliToken?: string;
  /** Catalogue read cache, SSE heartbeat and NEW-badge clock (ADR 007; defaults for production). */
  browse?: BrowseOptions;
}

// Moved to lib/log-redaction.ts (the worker reads them without importing this file); kept here for the tests.
export { LOG_REDACT_PATHS, redactUrl } from './lib/log-redaction.js';


export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  boss: PgBoss;
  /** Every declared route with its access level (for the guard-matrix test). */
  routes: RouteRecord[];
  /** Prometheus registry and instruments of this app (plugins/metrics.ts), e.g. `transcodeDuration`, `onStorageError`. */
  metrics: Metrics;
  close(): Promise<void>;
}

export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { config, db } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: LOG_REDACT_PATHS,
            serializers: { req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: redactUrl(req.url), id: req.id }) },
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
          },
    // Only the listed proxies' X-Forwarded-For is believed (TRUST_PROXY; src/server/lib/trust-proxy.ts).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Control characters (U+0000...) and non-object bodies are refused before any schema or handler (plugins/input-guard.ts).
  registerInputGuard(app);
  // Per-app Prometheus registry (plugins/metrics.ts); the HTTP timing hook goes on before any route.
  const metrics = createMetrics({ repo: createMetricsRepository(db.executeSql), onCollectError: (metric, err) => app.log.warn({ metric, err }, 'metric not collected') });
  registerHttpMetrics(app, metrics);
  // Rate-limit counters shared by every instance when REDIS_URL is set (lib/redis.ts).
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, { onError: (err) => app.log.warn({ err }, 'redis error') }) : null;
  // Limits that do not depend on the address (ADR 018), in the same Redis or in memory: sign-in per account and trusted device, payments per account and number.
  const counters = { redis, keyPrefix: config.redisKeyPrefix, secret: config.sessionSecret };

  const boss = await startQueue(db.executeSql, (err) => app.log.error({ err }, 'job queue error'));
  // Every service of every module (a web server's routes use them all), in the order of what each needs (ADR 038).
  const services = createServices({
    config,
    db,
    transcoder: opts.transcoder,
    queue: boss,
    log: app.log,
    browse: opts.browse,
    onStorageError: metrics.onStorageError,
    onTranscoded: (seconds) => metrics.transcodeDuration.observe(seconds),
    counters,
  });
  const routes: RouteRecord[] = [];

  await registerSecurity(app, config.publicUrl, config.webDir);
  // JSON answers (catalogue lists) are compressed on the fly; static assets come precompressed (plugins/web.ts);
  // video segments are not compressible and are left alone.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(rateLimit, {
    global: false,
    // Every route's limit counts per client: an IPv4 address, or an IPv6 /64 (lib/client-address.ts, ADR 018).
    keyGenerator: requestClientKey,
    // With Redis, a Redis outage lets requests through (skipOnError) rather than failing them; logged by lib/redis.ts.
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rl:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return new AppError(429, 'rate_limited', `Rate limit exceeded. Try again in ${seconds} seconds.`, { retryAfterSeconds: seconds });
    },
  });
  registerAuth(app, services.auth, services.accountsRepo, routes);
  // ETags and 304s on the catalogue's JSON reads, before their routes exist (plugins/etag.ts, ADR 029).
  await registerCatalogueEtags(app);

  // Each module's routes, in the order of the module list (modules/index.ts; docs/decisions/038-modules-declare-themselves.md).
  const closing: (() => Promise<void>)[] = [];
  const routeContext: RouteContext = { app, config, db, services, redis, counters, metrics, cliToken: opts.cliToken, browse: opts.browse, onClose: (fn) => closing.push(fn) };
  for (const m of SERVER_MODULES) await m.routes?.(routeContext);
  // Pages drawn for visitors without cookies, reused for a few seconds and cleared on every catalogue change
  // (plugins/page-cache.ts); at most 500 URLs of a few tens of KB each.
  const sharedPages = createReadCache({ ttlMs: config.pageCacheSeconds * 1000, maxEntries: 500 });
  services.hub.subscribe(() => sharedPages.clear());
  services.hub.onReconnect(() => sharedPages.clear());
  // A page shows the site settings (footer, contact, prices): a save on any instance clears it too (ADR 022).
  services.site.onChange(() => sharedPages.clear());
  await services.site.start();
  app.addHook('onClose', async () => services.site.stop());
  await registerWeb(app, config.webDir, {
    publicUrl: config.publicUrl,
    sharedPages,
    lookup: {
      movie: async (id) => {
        const m = await services.catalog.detail(id);
        return { title: m.title, description: m.fullDescription || m.description, image: m.posterUrl, type: 'video.movie' };
      },
      series: async (id) => {
        const { series: s } = await services.series.detail(id);
        return { title: s.title, description: s.description, image: s.posterUrl, type: 'video.tv_show' };
      },
    },
  });

  // The queues exist even in a process without workers (the CLI's `movie import` without --wait), so a job sent
  // here waits for a worker instead of being dropped by pg-boss. A web instance works only the billing jobs.
  await createQueues(boss, JOB_QUEUES, db.withAdvisoryLock?.bind(db));
  const jobs = opts.workers !== false ? await registerJobs(boss, { role: config.role, services, executeSql: db.executeSql, dbKind: db.kind, heartbeat: config.jobHeartbeat, withLock: db.withAdvisoryLock?.bind(db), log: app.log }) : null;
  await app.ready();

  return {
    app,
    services,
    boss,
    routes,
    metrics,
    async close() {
      await app.close();
      for (const fn of closing) await fn();
      if (redis) await closeRedis(redis);
      await services.billing.idle();
      await services.recovery.idle();
      await services.registration.idle();
      await jobs?.stop();
      // A job finishing now gets up to 2 s to record its end before the database closes; one still running after
      // that is failed back to the queue (pg-boss failWip) and runs again on a worker or at the next start.
      await boss.stop({ graceful: true, wait: true, timeout: 2000, close: false }).catch(() => {});
    },
  };
}
