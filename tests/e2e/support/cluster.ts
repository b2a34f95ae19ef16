/**
 * The parts of Sobanura at scale, started for the multi-node scenario (docs/decisions/016-object-storage-and-roles.md,
 * 017-media-delivery-at-scale.md, docs/deploy.md): a fresh PostgreSQL database, the S3-compatible test server
 * (src/server/test/s3-server.ts), web instances (SOBANURA_ROLE=web) and transcoding workers (SOBANURA_ROLE=worker) as
 * plain `node dist/server/…` children (so a signal sent to a child's pid reaches the process itself), and Debian's
 * nginx running deploy/nginx/sobanura.conf with its placeholders filled in. Redis is the one on 127.0.0.1:6379; every
 * key goes under a prefix of its own, removed at the end.
 *
 * Everything started here is registered in a `Cleanup` at once, so a failure half-way through the start still stops
 * what did start.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import pg from 'pg';
import { serverCommand, type ServerEntry } from '../../../src/server/test/built-server.js';

const run = promisify(execFile);

/** Undo steps, run last-registered first; errors are collected, never thrown half-way. */
export class Cleanup {
  private steps: Array<{ name: string; fn: () => Promise<void> | void }> = [];
  add(name: string, fn: () => Promise<void> | void): void {
    this.steps.push({ name, fn });
  }
  /** Runs every step once (newest first). @throws AggregateError naming the steps that failed. */
  async run(): Promise<void> {
    const errors: Error[] = [];
    for (const step of this.steps.reverse()) {
      try {
        await step.fn();
      } catch (err) {
        errors.push(new Error(`cleanup ${step.name}: ${String(err)}`));
      }
    }
    this.steps = [];
    if (errors.length) throw new AggregateError(errors, errors.map((e) => e.message).join('; '));
  }
}

/** Polls `check` every `everyMs` until it returns a value other than null/undefined/false. @throws after `timeoutMs` with `what`. */
export async function waitUntil<T>(what: string, check: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A database of its own on the PostgreSQL server at `adminUrl` (default postgres://postgres@127.0.0.1:5432/postgres).
 * `drop()` removes it, closing whatever connections are left (PostgreSQL 13+ `with (force)`).
 */
export async function createDatabase(adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sobanura_scale_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Deletes every Redis key under `prefix` (SCAN, never KEYS) at `redisUrl`. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let removed = 0;
  try {
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (found.length) removed += await redis.del(...found);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return removed;
}

/** A child process with its output kept (the last 400 KB) for failure reports. */
export interface ManagedProcess {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Whole kept output (stdout and stderr interleaved). */
  log(): string;
  /** The last `lines` lines of output. */
  tail(lines?: number): string;
  exited(): boolean;
  /** Sends `signal` (default SIGTERM) and waits for the exit, sending SIGKILL after `graceMs` (default 10 s). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

/** Spawns `command args` with `env`, keeping its output. */
export function spawnManaged(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): ManagedProcess {
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => {
    output += d.toString();
    if (output.length > 400_000) output = output.slice(-300_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  return {
    name,
    pid: child.pid,
    child,
    log: () => output,
    tail: (lines = 30) => output.trimEnd().split('\n').slice(-lines).join('\n'),
    exited,
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (exited()) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Starts a compiled server entry (dist/server/<entry>.js, src/server/test/built-server.ts) with Node: the child's pid is the Node process running it. */
export function startNodeScript(name: string, entry: ServerEntry, env: NodeJS.ProcessEnv): ManagedProcess {
  const [node, script] = serverCommand(entry);
  return spawnManaged(name, node, [script], env);
}

/** Waits for GET `url`/api/health to answer 200. @throws when `proc` exits first or after `timeoutMs`, with its log. */
export async function waitHealthy(proc: ManagedProcess, url: string, timeoutMs = 90_000): Promise<void> {
  await waitUntil(`${proc.name} at ${url}`, async () => {
    if (proc.exited()) throw new Error(`${proc.name} exited`);
    return fetch(`${url}/api/health`).then((r) => r.ok, () => false);
  }, timeoutMs, 300).catch((err: Error) => {
    throw new Error(`${err.message}\n${proc.tail(80)}`);
  });
}

/** Waits until `proc`'s output contains `text`. @throws when it exits first or after `timeoutMs`. */
export async function waitForOutput(proc: ManagedProcess, text: string, timeoutMs = 90_000): Promise<void> {
  await waitUntil(`"${text}" from ${proc.name}`, () => {
    if (proc.exited()) throw new Error(`${proc.name} exited`);
    return proc.log().includes(text);
  }, timeoutMs, 200).catch((err: Error) => {
    throw new Error(`${err.message}\n${proc.tail(80)}`);
  });
}

/** The command line (`/proc/<pid>/cmdline`, arguments joined by spaces) of a live process, or null. */
export function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return null;
  }
}

/** Whether `pid` is a live process (a zombie, dead but not yet reaped, counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 3, after the parenthesised command name: the state letter.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export interface ProcessRow {
  pid: number;
  ppid: number;
  args: string;
}

/** Every process of the machine as `ps -eo pid=,ppid=,args=` lists it. */
export async function listProcesses(): Promise<ProcessRow[]> {
  const { stdout } = await run('ps', ['-eo', 'pid=,ppid=,args='], { maxBuffer: 16 * 1024 * 1024 });
  return stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
}

/** Whether a process row runs the ffmpeg binary (not ffprobe, not a shell mentioning it). */
export const isFfmpeg = (row: ProcessRow) => /^(\S*\/)?ffmpeg$/.test(row.args.split(/\s+/)[0] ?? '');

/**
 * Samples the process table every `everyMs` and keeps every ffmpeg process seen (by pid, with its parent) until
 * `stop()`; `seen` is live.
 */
export function watchFfmpeg(everyMs = 200): { seen: Map<number, ProcessRow>; stop: () => Promise<Map<number, ProcessRow>> } {
  const seen = new Map<number, ProcessRow>();
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const row of await listProcesses().catch(() => [])) if (isFfmpeg(row) && !seen.has(row.pid)) seen.set(row.pid, row);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    seen,
    async stop() {
      running = false;
      await loop;
      return seen;
    },
  };
}

/** Files (not folders) under `dir`, relative paths; [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

export interface NginxFront {
  /** `http://127.0.0.1:{port}` */
  url: string;
  dir: string;
  proc: ManagedProcess;
  /** Lines of the access log so far (format `sobanura` of the template: upstream address in the 6th field, quoted). */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Fills in deploy/nginx/sobanura.conf (the README's example, unchanged but for its placeholders) and runs Debian's
 * nginx on it in the foreground, in a fresh folder for its pid file, logs, cache and temporary files.
 * @throws when nginx refuses the configuration (`nginx -t`) or does not answer within 20 s.
 */
export async function startNginx(opts: { port: number; upstreams: string[]; s3Endpoint: string; nginxPath?: string }): Promise<NginxFront> {
  const nginx = opts.nginxPath ?? '/usr/sbin/nginx';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-nginx-'));
  // Started as root, nginx's workers run as `nobody`: they must be able to reach their temporary and cache folders.
  chmodSync(dir, 0o755);
  const cacheDir = path.join(dir, 'cache');
  mkdirSync(cacheDir);
  const s3 = new URL(opts.s3Endpoint);
  const values: Record<string, string> = {
    LISTEN: `127.0.0.1:${opts.port}`,
    WEB_UPSTREAMS: opts.upstreams.map((u) => `server ${u};`).join(' '),
    S3_ORIGIN: s3.origin,
    S3_HOST: s3.host,
    CACHE_DIR: cacheDir,
    TEMP_DIR: dir,
  };
  let conf = readFileSync(path.resolve('deploy/nginx/sobanura.conf'), 'utf8');
  for (const [name, value] of Object.entries(values)) conf = conf.split(`\${${name}}`).join(value);
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', confFile];
  try {
    await run(nginx, [...args, '-t', '-q']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx refused ${confFile}: ${(err as { stderr?: string }).stderr ?? String(err)}`);
  }
  const proc = spawnManaged('nginx', nginx, [...args, '-g', 'daemon off;'], process.env);
  const url = `http://127.0.0.1:${opts.port}`;
  const front: NginxFront = {
    url,
    dir,
    proc,
    accessLog: () => (existsSync(path.join(dir, 'access.log')) ? readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean) : []),
    errorLog: () => (existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : ''),
    async stop() {
      // nginx: SIGQUIT is the graceful stop, SIGTERM the fast one.
      await proc.stop('SIGTERM', 5000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitUntil('nginx to answer', async () => {
      if (proc.exited()) throw new Error(`nginx exited: ${proc.tail()} ${front.errorLog()}`);
      return fetch(`${url}/metrics`).then(() => true, () => false);
    }, 20_000, 100);
  } catch (err) {
    await front.stop();
    throw err;
  }
  return front;
}

/** The quoted upstream address of an access-log line of the template's `sobanura` format, or null. */
export function upstreamOf(line: string): string | null {
  return upstreamsOf(line)[0] ?? null;
}

/**
 * Every upstream address of an access-log line, in order: after an X-Accel-Redirect nginx lists the web instance,
 * then the bucket it fetched from (`$upstream_addr` joins them with " : ").
 */
export function upstreamsOf(line: string): string[] {
  const quoted = line.match(/"([^"]*)"/g) ?? [];
  // Fields in quotes: the request line, $upstream_addr, $upstream_status.
  const addr = quoted[1]?.slice(1, -1);
  return addr && addr !== '-' ? addr.split(/\s*[,:]\s+/) : [];
}

/** A cookie jar of one: the `name=value` pairs a server set, sent back with every request. */
export class Session {
  private cookies = new Map<string, string>();
  constructor(readonly origin: string) {}

  /** This session's cookies as a Cookie header. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The cookies as Playwright's `BrowserContext.addCookies` takes them, for `url` (default this session's origin). */
  browserCookies(url = this.origin): Array<{ name: string; value: string; url: string }> {
    return [...this.cookies].map(([name, value]) => ({ name, value, url }));
  }

  /** The same cookies, sent to another origin (another instance of the same site). */
  at(origin: string): Session {
    const other = new Session(origin);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  /** fetch(`origin + path`) with the cookies, the site's own Origin on unsafe methods, JSON bodies encoded. */
  async request(method: string, urlPath: string, opts: { json?: unknown; body?: Uint8Array; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (!['GET', 'HEAD'].includes(method)) headers.origin = this.origin;
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.body) {
      body = new Uint8Array(opts.body);
    }
    const res = await fetch(`${this.origin}${urlPath}`, { method, headers, body });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      if (eq > 0) this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return res;
  }

  /** POST /api/accounts/login. @throws unless 200. */
  async signIn(email: string, password: string): Promise<void> {
    const res = await this.request('POST', '/api/accounts/login', { json: { email, password } });
    if (res.status !== 200) throw new Error(`sign-in of ${email} at ${this.origin}: ${res.status} ${await res.text()}`);
  }

  /** GET `urlPath` as JSON. @throws unless 2xx. */
  async getJson<T>(urlPath: string): Promise<T> {
    const res = await this.request('GET', urlPath);
    if (!res.ok) throw new Error(`GET ${urlPath} at ${this.origin}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
}

/**
 * Uploads `data` as the video of movie `movieId` over tus 1.0 (https://tus.io/protocols/resumable-upload): one
 * creation POST, then PATCHes of `chunkBytes` each, every one checked (204, Upload-Offset advanced). `beforeLast`
 * runs just before the final PATCH (the one that completes the upload and starts the ingest).
 * @returns the video asset id (the last segment of the upload URL).
 */
export async function tusUpload(session: Session, movieId: string, filename: string, data: Uint8Array, chunkBytes: number, beforeLast?: () => void): Promise<string> {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const tus = { 'tus-resumable': '1.0.0' };
  const create = await session.request('POST', '/api/uploads', {
    headers: { ...tus, 'upload-length': String(data.length), 'upload-metadata': `filename ${b64(filename)},filetype ${b64('video/mp4')},movieId ${b64(movieId)}` },
  });
  if (create.status !== 201) throw new Error(`tus creation: ${create.status} ${await create.text()}`);
  const location = create.headers.get('location')!;
  const uploadPath = new URL(location, session.origin).pathname;
  let offset = 0;
  while (offset < data.length) {
    const chunk = data.subarray(offset, offset + chunkBytes);
    if (offset + chunk.length >= data.length) beforeLast?.();
    const res = await session.request('PATCH', uploadPath, {
      body: chunk,
      headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    });
    if (res.status !== 204) throw new Error(`tus PATCH at ${offset}: ${res.status} ${await res.text()}`);
    const next = Number(res.headers.get('upload-offset'));
    if (next !== offset + chunk.length) throw new Error(`tus PATCH at ${offset}: Upload-Offset ${next}, expected ${offset + chunk.length}`);
    offset = next;
  }
  return uploadPath.split('/').pop()!;
}

/** Every object key under `prefix` in `bucket` (ListObjectsV2, all pages). */
export async function listKeys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const out: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out;
}

/** The object at `key` as UTF-8 text. @throws the SDK's NoSuchKey when it does not exist. */
export async function readObjectText(client: S3Client, bucket: string, key: string): Promise<string> {
  const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return res.Body!.transformToString('utf8');
}

/** URIs an HLS playlist names (RFC 8216 section 4.1: the lines that are not tags, and URI="..." attributes such as EXT-X-MAP's). */
export function playlistUris(text: string): string[] {
  const uris: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (!line.startsWith('#')) uris.push(line);
    else for (const m of line.matchAll(/URI="([^"]+)"/g)) uris.push(m[1]!);
  }
  return uris;
}

/**
 * Reads the ladder of `videoId` in the bucket (`videos/{videoId}/`, ADR 016): the master playlist, each rendition's
 * media playlist, and every segment they name. `missing` lists the keys named but absent (empty: the ladder is complete).
 */
export async function readLadder(client: S3Client, bucket: string, videoId: string): Promise<{ keys: string[]; renditions: string[]; segments: string[]; missing: string[] }> {
  const base = `videos/${videoId}/`;
  const keys = await listKeys(client, bucket, base);
  const present = new Set(keys);
  const missing: string[] = [];
  const segments: string[] = [];
  if (!present.has(`${base}master.m3u8`)) return { keys, renditions: [], segments, missing: [`${base}master.m3u8`] };
  const renditions = playlistUris(await readObjectText(client, bucket, `${base}master.m3u8`));
  for (const playlist of renditions) {
    const key = path.posix.join(base, playlist);
    if (!present.has(key)) {
      missing.push(key);
      continue;
    }
    const dir = path.posix.dirname(key);
    for (const uri of playlistUris(await readObjectText(client, bucket, key))) {
      const segment = path.posix.join(dir, uri);
      segments.push(segment);
      if (!present.has(segment)) missing.push(segment);
    }
  }
  return { keys, renditions, segments, missing };
}
