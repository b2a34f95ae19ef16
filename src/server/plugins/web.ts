/**
 * Serves the built web app (dist/web) with a single-page fallback: a path that is not a file gets index.html,
 * except under /api and /media, which answer the JSON 404. Hashed assets are cached for a year. The build
 * writes .br and .gz copies (vite.config.ts); `preCompressed` serves the one the browser accepts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

export async function registerWeb(app: FastifyInstance, webDir: string): Promise<void> {
  const built = existsSync(path.join(webDir, 'index.html'));
  if (built) await app.register(fastifyStatic, { root: webDir, serve: false, preCompressed: true, cacheControl: false });
  app.get('/*', { config: { access: 'anonymous' } }, async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/media/')) throw new AppError(404, 'not_found', `No route GET ${url}`);
    if (!built) return reply.type('text/plain').send('The web app is not built yet: run `npm run build:web` (npm start does it).');
    const rel = decodeURIComponent(url).replace(/^\/+/, '');
    const file = path.resolve(webDir, rel);
    if (rel && file.startsWith(webDir + path.sep) && existsSync(file) && !file.endsWith(path.sep)) {
      const immutable = rel.startsWith('assets/');
      return reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300').header('vary', 'accept-encoding').sendFile(rel);
    }
    return reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').sendFile('index.html');
  });
}
