/**
 * The small HTTP server under the mobile-money emulators (ADR 008): node:http on 127.0.0.1, port 0, JSON
 * in and out, and faults a test can queue per endpoint — an error status without doing the work, the same after
 * doing it (the ambiguous case), a slow answer after doing it (the caller times out and retries), or a dropped
 * connection. Test code only; never part of the running site.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fault for the next call of an endpoint. */
export type Fault =
  /** Answer `status` without doing the work. */
  | { status: number; body?: unknown }
  /** Do the work, then answer `status` (the caller cannot tell whether it was done). */
  | { status: number; body?: unknown; afterWork: true }
  /** Do the work, then answer after `delayMs`. */
  | { delayMs: number }
  /** Do the work, then cut the connection without an answer. */
  | { drop: true };

export interface EmulatorRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body, or undefined. */
  body: unknown;
  rawBody: string;
}

export interface EmulatorAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: EmulatorRequest) => EmulatorAnswer | Promise<EmulatorAnswer>;

export interface EmulatorServer {
  url: string;
  /** Queues `fault` for the next `times` calls of `endpoint`. */
  fault(endpoint: string, fault: Fault, times?: number): void;
  /** Calls received per endpoint (including faulted ones). */
  calls: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Starts a server. `route` maps a request to an endpoint name and handler (or null: 404).
 */
export async function startEmulatorServer(route: (method: string, path: string) => { endpoint: string; handler: Handler } | null): Promise<EmulatorServer> {
  const faults = new Map<string, Fault[]>();
  const calls = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: ServerResponse, a: EmulatorAnswer) => {
    if (res.destroyed) return;
    const body = a.body === undefined ? '' : JSON.stringify(a.body);
    res.writeHead(a.status, { ...(body ? { 'content-type': 'application/json' } : {}), ...a.headers });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://emulator');
        const found = route(req.method ?? 'GET', url.pathname);
        if (!found) return send(res, { status: 404, body: { code: 'NOT_FOUND', message: 'No such endpoint' } });
        calls.set(found.endpoint, (calls.get(found.endpoint) ?? 0) + 1);
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = rawBody ? JSON.parse(rawBody) : undefined;
        } catch {
          body = undefined;
        }
        const request: EmulatorRequest = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body, rawBody };
        const fault = faults.get(found.endpoint)?.shift();
        if (fault && 'status' in fault && !('afterWork' in fault)) return send(res, { status: fault.status, body: fault.body ?? { code: 'INTERNAL_PROCESSING_ERROR', message: 'An internal error occurred' } });
        const answer = await found.handler(request);
        if (!fault) return send(res, answer);
        if ('drop' in fault) return res.destroy();
        if ('delayMs' in fault) {
          const t = setTimeout(() => {
            timers.delete(t);
            send(res, answer);
          }, fault.delayMs);
          timers.add(t);
          return;
        }
        return send(res, { status: fault.status, body: fault.body ?? { code: 'INTERNAL_PROCESSING_ERROR', message: 'An internal error occurred' } });
      })().catch(() => send(res, { status: 500, body: { code: 'EMULATOR_ERROR' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    fault(endpoint, fault, times = 1) {
      const q = faults.get(endpoint) ?? [];
      for (let i = 0; i < times; i++) q.push(fault);
      faults.set(endpoint, q);
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A header's single value. */
export const header = (req: EmulatorRequest, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
