/**
 * GET /api/events (access anonymous): server-sent events of catalogue changes (ADR 007; docs/product/viewer.md
 * §4 "Movie lists update live", §9 "Realtime heartbeat 25 s"). The stream opens with
 * `retry: 1000` (the client's first reconnect delay, docs/product/viewer.md §9), then sends each change as
 * `event: catalog` / `data: {"entity","op","id"}`, and a comment line every `heartbeatMs` (25 s) so proxies
 * and the client can tell a quiet stream from a dead one. A client that goes away is forgotten at once; when the
 * app closes, every open stream is ended first, so `app.close()` does not wait on them.
 * A caller whose Accept header admits neither `text/event-stream` nor the any-type wildcard gets 406 `validation_failed`
 * rather than a response that never ends (EventSource always sends `Accept: text/event-stream`).
 *
 * Each stream holds a socket (a file descriptor) for as long as the client likes, so their number is bounded
 * (stream-slots.ts; OWASP API4 "Unrestricted Resource Consumption"): past `limits.perAddress` streams from one
 * address (`request.ip`, which believes X-Forwarded-For only from TRUST_PROXY's proxies; an IPv6 /64 counts as one
 * address, lib/client-address.ts clientKey) the answer is 429 `rate_limited`, past `limits.total` in this process 503
 * `server_busy`, both with `Retry-After: 60` (seconds; the web app polls meanwhile, src/web/app/live-catalog.ts)
 * and before the response is taken over, so a refusal costs one ordinary answer. A slot is given back exactly once however its stream ends (the client leaves, its socket is
 * destroyed, a write fails, the app closes).
 */
import type { FastifyInstance } from 'fastify';
import type { CatalogEvent } from '../../../shared/contracts/browse.js';
import { AppError } from '../../lib/app-error.js';
import type { EventHub } from './event-hub.js';
import { createStreamSlots, openFilesSoftLimit, totalStreamsFor, type StreamSlotLimits, type StreamSlots } from './stream-slots.js';

/** The heartbeat period, ms (docs/product/viewer.md §9: "Realtime heartbeat 25 s"). */
export const HEARTBEAT_MS = 25_000;

/** Bounds used when none are given (EVENTS_MAX_PER_ADDRESS and EVENTS_MAX_TOTAL's defaults, src/server/config.ts). */
export const DEFAULT_STREAM_LIMITS: Readonly<StreamSlotLimits> = { perAddress: 4, total: 2000 };

/** Seconds a refused client is told to wait (Retry-After, RFC 9110 section 10.2.3): the web app's polling period. */
export const STREAM_REFUSED_RETRY_SECONDS = 60;

/**
 * The events route above, as a Fastify plugin; `heartbeatMs` defaults to 25 s, `limits` to DEFAULT_STREAM_LIMITS,
 * whose total is lowered to half the process's open-files soft limit when that is smaller (stream-slots.ts).
 */
export function eventsRoutes(deps: { hub: EventHub; heartbeatMs?: number; limits?: StreamSlotLimits }) {
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const configured = deps.limits ?? DEFAULT_STREAM_LIMITS;
  return async (app: FastifyInstance) => {
    const slots: StreamSlots = createStreamSlots({ perAddress: configured.perAddress, total: totalStreamsFor(configured.total, openFilesSoftLimit()) });
    if (slots.limits.total < configured.total) {
      app.log.warn({ configured: configured.total, used: slots.limits.total }, 'EVENTS_MAX_TOTAL lowered to half the open-files limit (ulimit -n)');
    }
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });

    app.get('/api/events', { config: { access: 'anonymous' } }, async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (!/text\/event-stream|\*\/\*/.test(accept)) throw new AppError(406, 'validation_failed', 'This endpoint is a text/event-stream: send Accept: text/event-stream.');
      const claim = slots.take(request.ip);
      if (!claim.ok) {
        const seconds = STREAM_REFUSED_RETRY_SECONDS;
        if (claim.refused === 'address') {
          throw new AppError(429, 'rate_limited', `Too many live streams from your address. Try again in ${seconds} seconds.`, { retryAfterSeconds: seconds });
        }
        throw new AppError(503, 'server_busy', `The server holds as many live streams as it can. Try again in ${seconds} seconds.`, { retryAfterSeconds: seconds });
      }
      const res = reply.raw;
      /** What to undo when the stream ends: the hub subscription and the heartbeat, once they exist. */
      const undo: (() => void)[] = [];
      let ended = false;
      // Every way the stream ends comes here; `ended` makes it run once, and the slot's release is idempotent too.
      const forget = () => {
        if (ended) return;
        ended = true;
        claim.release();
        for (const fn of undo) fn();
        open.delete(end);
      };
      const end = () => {
        forget();
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      // Listened to before the first await: a client that leaves while the hub starts still frees its slot.
      request.raw.on('close', end);
      res.on('close', end);
      res.on('error', end);
      try {
        await deps.hub.start();
      } catch (err) {
        forget(); // the error handler still answers on this response
        throw err;
      }
      reply.hijack();
      if (ended || res.destroyed) return end();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 1000\n: connected\n\n');
      undo.push(deps.hub.subscribe((e: CatalogEvent) => res.write(`event: catalog\ndata: ${JSON.stringify(e)}\n\n`)));
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      undo.push(() => clearInterval(heartbeat));
    });
  };
}
