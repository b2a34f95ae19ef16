/**
 * System routes: GET /api/health (database and ffmpeg state) and POST /api/internal/cli, through which the
 * command line runs its commands inside a running server (docs/decisions/002-cli-and-embedded-database.md).
 * The latter needs the token the server wrote to DATA_DIR/server.json (readable by the machine's owner only).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app.js';
import { runCli } from '../../cli/commands.js';
import { AppError } from '../../lib/app-error.js';
import type { MediaService } from '../media/media.service.js';

export function systemRoutes(deps: { media: MediaService; cliToken?: string; services: Services }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/health', { config: { access: 'anonymous' } }, async () => ({ status: 'ok', media: await deps.media.toolsAvailable() }));
    r.post('/api/internal/cli', {
      config: { access: 'anonymous' },
      schema: { body: z.object({ argv: z.array(z.string().max(4096)).max(64), cwd: z.string().max(4096) }) },
    }, async (req) => {
      const given = Buffer.from(String(req.headers['x-cli-token'] ?? ''));
      const expected = Buffer.from(deps.cliToken ?? '');
      if (!deps.cliToken || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(403, 'forbidden', 'Not allowed');
      return runCli(req.body.argv, { services: deps.services, cwd: req.body.cwd, seedDemo: deps.services.demo.seed });
    });
  };
}

