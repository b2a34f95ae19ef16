/**
 * The load generator, run as a child process so it shares neither thread nor heap with the server: `connections`
 * concurrent keep-alive HTTP/1.1 clients loop over `urls` (each picks the next URL of the shared list) for
 * `seconds`, recording each request's latency (µs) in a perf_hooks histogram. Answers with the summary.
 * Like a browser, it asks for compressed answers (it counts the bytes, it does not decompress them).
 * `method` POST sends each request with no body (heartbeats, bench/ledger/run.ts); `urlHeaders[i]` adds headers to
 * the requests of `urls[i]` (each URL its own viewer's cookie).
 */
import http from 'node:http';
import { createHistogram, performance } from 'node:perf_hooks';

export interface LoadJob {
  origin: string;
  urls: string[];
  connections: number;
  seconds: number;
  /** Extra request headers (a session cookie, `accept: text/html` for pages); they replace the defaults of the same name. */
  headers?: Record<string, string>;
  /** GET (default) or POST (without a body). */
  method?: 'GET' | 'POST';
  /** Headers of the requests of `urls[i]`, after `headers`. */
  urlHeaders?: Record<string, string>[];
}
export interface LoadSummary {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  bytes: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

async function run(job: LoadJob): Promise<LoadSummary> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const origin = new URL(job.origin);
  const h = createHistogram();
  const statuses: Record<string, number> = {};
  let next = 0;
  let errors = 0;
  let bytes = 0;
  const start = performance.now();
  const end = start + job.seconds * 1000;
  const one = (path: string, extra: Record<string, string> | undefined) =>
    new Promise<number>((resolve) => {
      const headers = { accept: 'application/json', 'accept-encoding': 'br, gzip', ...job.headers, ...extra };
      const req = http.request({ agent, method: job.method ?? 'GET', host: origin.hostname, port: origin.port, path, headers }, (res) => {
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      });
      req.on('error', () => resolve(0));
      req.end();
    });
  const loop = async () => {
    while (performance.now() < end) {
      const i = next++ % job.urls.length;
      const t0 = performance.now();
      const status = await one(job.urls[i]!, job.urlHeaders?.[i]);
      h.record(Math.max(1, Math.round((performance.now() - t0) * 1000)));
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status < 200 || status >= 300) errors++;
    }
  };
  await Promise.all(Array.from({ length: job.connections }, loop));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  const ms = (us: number) => Math.round(us / 10) / 100;
  return { requests: h.count, errors, statuses, seconds, bytes, p50: ms(h.percentile(50)), p95: ms(h.percentile(95)), p99: ms(h.percentile(99)), max: ms(h.max), mean: ms(h.mean) };
}

// Started by run.ts with fork(): the job arrives as a message, the summary goes back the same way.
if (process.send) {
  process.once('message', (job: LoadJob) => {
    void run(job).then((s) => process.send!(s, () => process.exit(0)));
  });
}
