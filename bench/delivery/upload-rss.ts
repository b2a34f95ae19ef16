/**
 * A large upload over tus 1.0 (https://tus.io/protocols/resumable-upload: a creation POST, then PATCHes at
 * `Upload-Offset` with `Content-Type: application/offset+octet-stream`) while the server's resident memory is sampled
 * from /proc/{pid}/status (VmRSS, proc(5)). The bytes are zeros streamed from one reused buffer, so the bench needs no
 * file on disk and its own memory stays small; the server stores them (DATA_DIR/uploads or the bucket) and refuses
 * the finished file at the probe (not a video), which is expected: the measure is the upload phase.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

export interface UploadRssResult {
  bytes: number;
  seconds: number;
  /** MB/s (10^6 bytes) over the whole upload. */
  mbPerSecond: number;
  /** RSS samples in bytes, every `intervalMs`, from the creation POST to the last PATCH's answer. */
  samples: number[];
  /** RSS just before the upload began, bytes. */
  before: number;
  /** Status of the last PATCH (the server's verdict on the finished file; 422 for these zeros). */
  finalStatus: number;
}

/** The process's resident set size in bytes (VmRSS of /proc/{pid}/status); 0 when it is gone. */
export function rssBytes(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

function request(origin: string, method: string, path: string, headers: Record<string, string | number>, body?: { bytes: number; block: Buffer }): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const u = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (!body) return void req.end();
    let left = body.bytes;
    const write = () => {
      while (left > 0) {
        const n = Math.min(left, body.block.length);
        left -= n;
        if (!req.write(n === body.block.length ? body.block : body.block.subarray(0, n))) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

/**
 * Uploads `totalBytes` of zeros to `origin`/api/uploads for `movieId` as an admin (`cookie`), in PATCHes of
 * `chunkBytes`, sampling the RSS of `pid` every `intervalMs`.
 * @throws when the creation is refused or a PATCH before the last one does not answer 204 at the expected offset.
 */
export async function uploadWithRss(o: { origin: string; cookie: string; movieId: string; pid: number; totalBytes: number; chunkBytes: number; intervalMs?: number }): Promise<UploadRssResult> {
  const samples: number[] = [];
  const before = rssBytes(o.pid);
  const timer = setInterval(() => samples.push(rssBytes(o.pid)), o.intervalMs ?? 250);
  const started = performance.now();
  const block = Buffer.alloc(1024 * 1024);
  try {
    const created = await request(o.origin, 'POST', '/api/uploads', {
      cookie: o.cookie,
      'tus-resumable': '1.0.0',
      'upload-length': o.totalBytes,
      'upload-metadata': `movieId ${b64(o.movieId)},filename ${b64('bench-upload.mp4')},filetype ${b64('video/mp4')}`,
      'content-length': 0,
    });
    const location = created.headers.location;
    if (created.status !== 201 || !location) throw new Error(`tus creation answered ${created.status}: ${created.text}`);
    const path = new URL(location, o.origin).pathname;
    let offset = 0;
    let finalStatus = 0;
    while (offset < o.totalBytes) {
      const n = Math.min(o.chunkBytes, o.totalBytes - offset);
      const res = await request(o.origin, 'PATCH', path, { cookie: o.cookie, 'tus-resumable': '1.0.0', 'upload-offset': offset, 'content-type': 'application/offset+octet-stream', 'content-length': n }, { bytes: n, block });
      const last = offset + n >= o.totalBytes;
      if (last) finalStatus = res.status;
      else if (res.status !== 204 || Number(res.headers['upload-offset']) !== offset + n) throw new Error(`PATCH at ${offset} answered ${res.status} (offset ${String(res.headers['upload-offset'])}): ${res.text}`);
      offset += n;
    }
    samples.push(rssBytes(o.pid));
    const seconds = (performance.now() - started) / 1000;
    return { bytes: o.totalBytes, seconds, mbPerSecond: o.totalBytes / 1e6 / seconds, samples: samples.filter((s) => s > 0), before, finalStatus };
  } finally {
    clearInterval(timer);
  }
}
