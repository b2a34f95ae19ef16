/**
 * Security headers (helmet) and the Origin check of state-changing requests (DESIGN.md "Security and data
 * rules"): a POST, PUT, PATCH or DELETE whose Origin header names another site is refused with 403
 * `bad_origin`. Requests without Origin (the command line, server-to-server callbacks) pass; browsers always
 * send it on cross-site writes.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: publicUrl.startsWith('https://'),
  });
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const host = request.headers.host;
    const sameHost = host && (origin === `http://${host}` || origin === `https://${host}`);
    if (origin !== allowed && !sameHost) throw new AppError(403, 'bad_origin', 'Requests from another site are not allowed.');
  });
}
