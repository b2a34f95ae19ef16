/**
 * GET /metrics of a transcoding worker (SOBANURA_ROLE=worker), which has no HTTP server of its own: a small
 * node:http listener on WORKER_METRICS_PORT (default 9464, the port range Prometheus exporters use) and HOST, started
 * only when METRICS_TOKEN is set, that answers the worker's Prometheus registry (plugins/metrics.ts) to a caller
 * presenting `Authorization: Bearer <METRICS_TOKEN>` (401 with `WWW-Authenticate: Bearer` otherwise, RFC 6750
 * section 3), 405 to other methods, 404 to other paths. It carries what a web instance cannot see: the transcode
 * durations this worker observed, and its own process figures; the queue depth is read from the database as on
 * every instance. docs/decisions/016-object-storage-and-roles.md (amended 2026-11-26).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsAuthorized, type Metrics } from './plugins/metrics.js';

/** The default port of a worker's /metrics. */
export const WORKER_METRICS_DEFAULT_PORT = 9464;

export interface WorkerMetricsServer {
  /** The port it listens on (the one asked for, or the one given for port 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the listener. Rejects when the port cannot be had (in use: Error with code EADDRINUSE), so a worker
 * misconfigured for metrics says so at start instead of running without them.
 */
export async function startWorkerMetricsServer(opts: { metrics: Metrics; token: string; host: string; port: number; onError?: (err: unknown) => void }): Promise<WorkerMetricsServer> {
  const server: Server = createServer((req, res) => {
    // The path as sent, without parsing it as a URL: a request target `new URL` refuses (`http://[x`) would throw in
    // this handler and end the worker.
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method not allowed\n');
    if (!metricsAuthorized(req.headers.authorization, opts.token)) {
      return void res.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"', 'content-type': 'text/plain' }).end('A valid metrics token is required\n');
    }
    opts.metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': opts.metrics.registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        opts.onError?.(err);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be read\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
