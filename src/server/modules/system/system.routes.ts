/**
 * System routes:
 * - GET /api/health: liveness (the process answers; whether ffmpeg and ffprobe can run);
 * - GET /api/ready: readiness (database, migrations, media storage; readiness.ts), 200 or 503, never cached;
 * - GET /metrics: Prometheus metrics (plugins/metrics.ts), only when METRICS_TOKEN is set (404 otherwise), for a
 *   caller presenting `Authorization: Bearer <METRICS_TOKEN>` (RFC 6750 section 2.1; 401 otherwise, compared in
 *   constant time);
 * - POST /api/internal/cli { argv, cwd, password? }: through which the command line runs its commands inside a
 *   running server (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26 and 2026-11-28); the output
 *   comes back as it is made, as NDJSON lines (src/server/cli/cli-stream.ts), uncompressed, for as long as the
 *   command runs. Checked before the body is even read (cli-route-guard.ts): from loopback only, by the socket's
 *   address, never through a proxy, and with the token the server wrote to DATA_DIR/server.json (readable by the
 *   machine's owner only); only then is the body validated.
 * Contracts: src/shared/contracts/system.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthResponse, notReadyResponse, readyResponse } from '../../../shared/contracts/system.js';
import type { Services } from '../../services.js';
import type { CliDatabase } from '../../cli/commands.js';
import { streamCli } from '../../cli/cli-stream.js';
import { PASSWORD_MAX_LENGTH } from '../../../shared/contracts/accounts.js';
import type { ExecuteSql } from '../../db/client.js';
import { MIGRATIONS_DIR } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { metricsAuthorized, type Metrics } from '../../plugins/metrics.js';
import type { MediaService } from '../media/media.service.js';
import { cliRouteGuard } from './cli-route-guard.js';
import { createReadiness } from './readiness.js';

export interface SystemRoutesDeps {
  media: MediaService;
  cliToken?: string;
  services: Services;
  /** For the readiness checks of the database and the migrations. */
  executeSql: ExecuteSql;
  /** The media store, for the readiness check (MediaStorage `check()`). */
  storage: { check(): Promise<void> };
  /** The app's metrics; /metrics exists only when `metricsToken` is set too. */
  metrics?: Metrics;
  metricsToken?: string | null;
  /** The database, for the command line's `db init` and `db dump` run through this server. */
  database?: CliDatabase;
}

export function systemRoutes(deps: SystemRoutesDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const readiness = createReadiness({
      executeSql: deps.executeSql,
      storage: deps.storage,
      migrationsDir: MIGRATIONS_DIR,
      onFailure: (check, err) => app.log.warn({ check, err }, 'readiness check failed'),
    });

    r.get('/api/health', { config: { access: 'anonymous' }, schema: { response: { 200: healthResponse } } }, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, media: await deps.media.toolsAvailable() };
    });

    r.get('/api/ready', { config: { access: 'anonymous' }, schema: { response: { 200: readyResponse, 503: notReadyResponse } } }, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const { ready, checks } = await readiness.check();
      return ready ? reply.status(200).send({ status: 'ready' as const, checks }) : reply.status(503).send({ status: 'not_ready' as const, checks });
    });

    const { metrics, metricsToken } = deps;
    // Declared even when off, so the path answers a plain 404 instead of falling through to the web pages.
    r.get('/metrics', { config: { access: 'anonymous' } }, async (req, reply) => {
      if (!metrics || !metricsToken) throw new AppError(404, 'not_found', 'Not found');
      if (!metricsAuthorized(req.headers.authorization, metricsToken)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(401, 'unauthenticated', 'A valid metrics token is required');
      }
      reply.header('cache-control', 'no-store');
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });

    r.post('/api/internal/cli', {
      config: { access: 'anonymous' },
      compress: false,
      // onRequest: before the body is read or validated, so a caller without the token learns nothing of its shape.
      onRequest: cliRouteGuard(deps.cliToken),
      schema: { body: z.object({ argv: z.array(z.string().max(4096)).max(64), cwd: z.string().max(4096), password: z.string().max(PASSWORD_MAX_LENGTH).optional() }) },
    }, async (req, reply) => {
      const { argv, cwd, password } = req.body;
      const run = streamCli(argv, { services: deps.services, cwd, password, database: deps.database, seedDemo: deps.services.demo.seed });
      // The CLI process went away (Ctrl-C): its waits stop; the work it started goes on.
      reply.raw.once('close', () => run.abort());
      reply.header('cache-control', 'no-store').type('application/x-ndjson; charset=utf-8');
      return reply.send(run.stream);
    });
  };
}
