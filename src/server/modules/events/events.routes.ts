/**
 * GET /api/events (access anonymous): server-sent events of catalogue changes (issue 3 point 9; viewer spec
 * section 4 "Movie lists update live", section 9 "Realtime heartbeat 25 s"). The stream opens with
 * `retry: 1000` (the client's first reconnect delay, spec section 9), then sends each change as
 * `event: catalog` / `data: {"entity","op","id"}`, and a comment line every `heartbeatMs` (25 s) so proxies
 * and the client can tell a quiet stream from a dead one. A client that goes away is forgotten at once; when the
 * app closes, every open stream is ended first, so `app.close()` does not wait on them.
 * A caller whose Accept header admits neither `text/event-stream` nor the any-type wildcard gets 406 `validation_failed`
 * rather than a response that never ends (EventSource always sends `Accept: text/event-stream`).
 */
import type { FastifyInstance } from 'fastify';
import type { CatalogEvent } from '../../../shared/contracts/browse.js';
import { AppError } from '../../lib/app-error.js';
import type { EventHub } from './event-hub.js';

/** The heartbeat period, ms (viewer spec section 9: "Realtime heartbeat 25 s"). */
export const HEARTBEAT_MS = 25_000;

/** The events route above, as a Fastify plugin; `heartbeatMs` defaults to 25 s. */
export function eventsRoutes(deps: { hub: EventHub; heartbeatMs?: number }) {
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  return async (app: FastifyInstance) => {
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });

    app.get('/api/events', { config: { access: 'anonymous' } }, async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (!/text\/event-stream|\*\/\*/.test(accept)) throw new AppError(406, 'validation_failed', 'This endpoint is a text/event-stream: send Accept: text/event-stream.');
      await deps.hub.start();
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 1000\n: connected\n\n');
      const send = (e: CatalogEvent) => res.write(`event: catalog\ndata: ${JSON.stringify(e)}\n\n`);
      const unsubscribe = deps.hub.subscribe(send);
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      request.raw.on('close', end);
      res.on('close', end);
      res.on('error', end);
    });
  };
}
