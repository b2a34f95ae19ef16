/**
 * Delivery benchmark (docs/decisions/017-media-delivery-at-scale.md; goal: at least 0.9x of nginx through the nginx
 * front, the Node-only path measured beside it; upload RSS under 256 MB and flat, docs/decisions/016-object-storage-and-roles.md).
 *
 * One run, on this machine, all on 127.0.0.1:
 * - a 20 s 1280x720 test pattern is ingested through the command line (`movie import --premium --wait`) into a real
 *   server process (`node --import tsx src/server/main.ts`, SOBANURA_ROLE=all, PGlite, one DATA_DIR kept across the
 *   cases); a viewer with a weekly pass signs in, starts playback and reads the playlists: the load is the signed
 *   segment URLs of the highest rendition (720p: about 1.1 MB a segment), every one a real viewer's signed URL;
 * - 50 keep-alive connections from a separate process (bench/catalog/load-worker.ts) fetch them round-robin, reading
 *   every body, for BENCH_SECONDS (10) after a 2 s warm-up, in five cases:
 *   a. Node streams from local disk (STORAGE=local, no MEDIA_ACCEL_PREFIX): the embedded default;
 *   b. Node streams from S3 (s3rver, the local S3-compatible server of the tests; no accel). The ladder is the one of
 *      case a, copied into the bucket under the same object keys (what `storage migrate --to s3` does);
 *   c. nginx in front (deploy/nginx/sobanura.conf as it is, one web upstream), MEDIA_ACCEL_PREFIX=/_media/, STORAGE=s3:
 *      Node checks the token and answers X-Accel-Redirect, nginx fetches the object from the bucket, and its
 *      proxy_cache serves the repeats (the bucket GETs during the measure are counted and printed);
 *   d. nginx in front, MEDIA_ACCEL_PREFIX=/_media/, STORAGE=local: a copy of the template with its commented `alias`
 *      variant of /_media/ switched on, pointing at MEDIA_DIR;
 *   e. nginx serving the same segment files statically (`location /bench-static/ { alias MEDIA_DIR/; }`), no token
 *      check: the baseline every case is divided by.
 * - the server's RSS (/proc/{pid}/status VmRSS every 250 ms) while a 2 GB upload goes through tus in 50 MB PATCHes,
 *   to the local-storage server and to the S3 server (512 MB when less than 6 GB is free under the temp folder).
 * Prints the machine, the table and this command. Every process and temp folder is removed at the end, failure or not.
 *
 * The database: PGlite by default; a fresh PostgreSQL database on the server of DATABASE_URL or TEST_DATABASE_URL when
 * one is set (dropped afterwards). The server runs under tsx, or compiled with BENCH_SERVER_JS=dist/server/main.js
 * (after `npm run build:server`), which is what the RSS goal is about.
 *
 * Run: npx tsx bench/delivery/run.ts   (BENCH_SECONDS=10, BENCH_UPLOAD_MB=2048; about 4 minutes)
 *      TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_SERVER_JS=dist/server/main.js npx tsx bench/delivery/run.ts
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshPostgres, runLoad } from '../catalog/harness.js';
import type { LoadSummary } from '../catalog/load-worker.js';
import { createLocalStorage } from '../../src/server/providers/storage/local-storage.js';
import { createS3Storage } from '../../src/server/providers/storage/s3-storage.js';
import { makeTestPattern } from '../../src/server/providers/transcoder/test-pattern.js';
import { startS3Server, type TestS3Server } from '../../src/server/test/s3-server.js';
import { freePort, REPO_ROOT, serverArgs, startSobanura, type SobanuraProcess } from './sobanura-process.js';
import { startNginx, STATIC_PREFIX, type NginxFront } from './nginx.js';
import { rssBytes, uploadWithRss, type UploadRssResult } from './upload-rss.js';
import { signedSegments, signIn, type SignedSegments } from './viewer.js';

const COMMAND = 'npx tsx bench/delivery/run.ts';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
/** Length of the test pattern: 5 full 4-second 720p segments and the short first one (ADR 013). */
const FILM_SECONDS = 20;
const CONNECTIONS = 50;
const RSS_GOAL = 256 * 1024 * 1024;
const CHUNK_BYTES = 50 * 1024 * 1024;
const VIEWER = { email: 'viewer@bench.test', password: 'bench-viewer-password' };
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password' };

interface CaseResult {
  label: string;
  load: LoadSummary;
  note: string;
}

/** Processes and folders to remove at the end, last first. */
const cleanups: Array<() => Promise<void> | void> = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch((err: unknown) => console.error('cleanup:', err));
}
/** Registers `stop` for the end, and returns a function that runs it now (once). */
function onCleanup(stop: () => Promise<void> | void): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await stop();
  };
  cleanups.push(once);
  return once;
}

const mb = (bytes: number) => bytes / 1e6;
/** Progress on stderr, with the seconds since the start, so the table on stdout stays clean. */
const began = performance.now();
const step = (what: string) => process.stderr.write(`[${fmt((performance.now() - began) / 1000).padStart(4)} s] ${what}\n`);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** One segment through `origin` must be the file's bytes, with status 200. @throws otherwise. */
async function verify(origin: string, urlPath: string, file: string, what: string): Promise<void> {
  const res = await fetch(`${origin}${urlPath}`);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || !body.equals(readFileSync(file))) {
    throw new Error(`${what}: GET ${urlPath} answered ${res.status} with ${body.length} bytes, not the ${statSync(file).size} bytes of ${file}: ${body.subarray(0, 300).toString()}`);
  }
}

async function measure(origin: string, urls: string[]): Promise<LoadSummary> {
  const job = { origin, urls, connections: CONNECTIONS, headers: { accept: '*/*' } };
  await runLoad({ ...job, seconds: WARMUP_SECONDS });
  return runLoad({ ...job, seconds: SECONDS });
}

function machine(): string {
  const cpus = os.cpus();
  let nginx = 'nginx not found';
  try {
    nginx = execFileSync('nginx', ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) || '';
  } catch (err) {
    nginx = String((err as { stderr?: string }).stderr ?? err);
  }
  nginx ||= execFileSync('sh', ['-c', 'nginx -v 2>&1'], { encoding: 'utf8' });
  return [
    `${cpus.length} CPUs (${cpus[0]?.model.trim() ?? '?'}), ${fmt(os.totalmem() / 1024 ** 3, 1)} GiB RAM, ${os.type()} ${os.release()}`,
    `Node ${process.version}, ${nginx.trim().replace(/^nginx version: /, 'nginx ')}, s3rver ${(JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/s3rver/package.json'), 'utf8')) as { version: string }).version}`,
  ].join('\n');
}

function uploadLine(name: string, r: UploadRssResult): string {
  const s = [...r.samples].sort((a, b) => a - b);
  const med = s[Math.floor(s.length / 2)] ?? 0;
  const max = s.at(-1) ?? 0;
  const MiB = (b: number) => fmt(b / 1024 ** 2);
  return `${name.padEnd(28)} ${fmt(r.bytes / 1024 ** 2).padStart(6)} MiB in ${fmt(r.seconds, 1).padStart(5)} s (${fmt(r.mbPerSecond).padStart(4)} MB/s)   RSS MiB before ${MiB(r.before).padStart(4)}  min ${MiB(s[0] ?? 0).padStart(4)}  median ${MiB(med).padStart(4)}  max ${MiB(max).padStart(4)}  growth ${MiB(max - r.before).padStart(3)}  (${s.length} samples)   ${max < RSS_GOAL ? 'under 256 MiB' : 'OVER 256 MiB'}   last PATCH ${r.finalStatus}`;
}

/** Lets nginx's workers (another user) reach `dataDir` and read everything under `mediaDir`. */
function openToNginx(dataDir: string, mediaDir: string): void {
  chmodSync(dataDir, 0o711);
  chmodSync(mediaDir, 0o755);
  for (const e of readdirSync(mediaDir, { withFileTypes: true, recursive: true })) {
    if (!e.isSymbolicLink()) chmodSync(path.join(e.parentPath, e.name), e.isDirectory() ? 0o755 : 0o644);
  }
}

async function main(): Promise<void> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sobanura-bench-delivery-'));
  onCleanup(() => rmSync(root, { recursive: true, force: true }));
  // nginx runs as root here, its workers as nobody: they must traverse the folders they read and write.
  chmodSync(root, 0o755);
  const dataDir = path.join(root, 'data');
  const mediaDir = path.join(dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true, mode: 0o755 });
  chmodSync(dataDir, 0o755);

  const fs = statfsSync(os.tmpdir());
  const freeBytes = fs.bavail * fs.bsize;
  const uploadBytes = process.env.BENCH_UPLOAD_MB ? Number(process.env.BENCH_UPLOAD_MB) * 1024 ** 2 : freeBytes >= 6 * 1024 ** 3 ? 2 * 1024 ** 3 : 512 * 1024 ** 2;
  const uploadNote = `${fmt(freeBytes / 1024 ** 3, 1)} GiB free under ${os.tmpdir()}; upload of ${fmt(uploadBytes / 1024 ** 2)} MiB`;
  console.log(`Machine:\n${machine()}\n`);

  const t0 = performance.now();
  const film = path.join(root, 'pattern-720p.mp4');
  step('making the test pattern');
  await makeTestPattern('ffmpeg', film, { seconds: FILM_SECONDS, width: 1280, height: 720, frequencyHz: 440 });
  const s3: TestS3Server = await startS3Server();
  onCleanup(() => s3.stop());
  // ultrafast only shortens the ingest; segment sizes follow the ladder's bitrates (shared/domain/ladder.ts).
  let database = 'PGlite (embedded, under DATA_DIR)';
  const dbEnv: Record<string, string> = {};
  const pgServer = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgServer) {
    const db = await freshPostgres(pgServer);
    onCleanup(() => db.drop());
    dbEnv.DATABASE_URL = db.url;
    database = `PostgreSQL ${db.version} (a fresh database, dropped afterwards)`;
  }
  const base = { DATA_DIR: dataDir, MEDIA_DIR: mediaDir, TRANSCODE_PRESET: 'ultrafast', ...dbEnv };
  const s3Env = { STORAGE: 's3', S3_ENDPOINT: s3.endpoint, S3_REGION: s3.config.region, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' };
  const accel = { MEDIA_ACCEL_PREFIX: '/_media/', TRUST_PROXY: '127.0.0.1' };
  const start = async (env: Record<string, string>): Promise<{ server: SobanuraProcess; stop: () => Promise<void> }> => {
    const server = await startSobanura({ ...base, ...env });
    return { server, stop: onCleanup(() => server.stop()) };
  };
  const front = async (o: Parameters<typeof startNginx>[0]): Promise<{ nginx: NginxFront; stop: () => Promise<void> }> => {
    const nginx = await startNginx(o);
    return { nginx, stop: onCleanup(() => nginx.stop()) };
  };
  const results: CaseResult[] = [];
  const uploads: Array<[string, UploadRssResult]> = [];

  // --- a. Node from local disk; the film is ingested here, and the viewer's URLs collected.
  step('starting Sobanura (local)');
  let { server, stop } = await start({ STORAGE: 'local' });
  const freshRss = rssBytes(server.pid);
  await server.cli('user', 'create', '--email', VIEWER.email, '--password', VIEWER.password);
  await server.cli('user', 'create', '--email', ADMIN.email, '--password', ADMIN.password, '--role', 'admin');
  await server.cli('pass', 'grant', '--email', VIEWER.email, '--plan', 'weekly');
  step('importing the film (transcode)');
  const movieId = (await server.cli('movie', 'import', film, '--title', 'Delivery bench', '--premium', '--wait')).trim().split('\n')[0]!;
  const ingestSeconds = (performance.now() - t0) / 1000;
  const viewerCookie = await signIn(server.url, VIEWER.email, VIEWER.password);
  const segs: SignedSegments = await signedSegments(server.url, viewerCookie, movieId);
  const fileOf = (p: string) => path.join(mediaDir, 'videos', segs.videoId, segs.rendition, p.slice(p.lastIndexOf('/') + 1));
  const sizes = segs.paths.map((p) => statSync(fileOf(p)).size);
  const adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  const uploadMovie = async (title: string) => {
    const res = await fetch(`${server.url}/api/admin/movies`, { method: 'POST', headers: { cookie: adminCookie, 'content-type': 'application/json' }, body: JSON.stringify({ title, category: 'drama' }) });
    if (res.status !== 201) throw new Error(`POST /api/admin/movies answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { movie: { id: string } }).movie.id;
  };
  const uploadMovies = { local: await uploadMovie('Upload bench (local)'), s3: await uploadMovie('Upload bench (s3)') };
  await verify(server.url, segs.paths[1]!, fileOf(segs.paths[1]!), 'a');
  step('case a');
  results.push({ label: 'a. Node, local disk', load: await measure(server.url, segs.paths), note: 'embedded default' });
  step('upload to the local-storage server');
  uploads.push(['local disk (DATA_DIR/uploads)', await uploadWithRss({ origin: server.url, cookie: adminCookie, movieId: uploadMovies.local, pid: server.pid, totalBytes: uploadBytes, chunkBytes: CHUNK_BYTES })]);
  await stop();

  // --- b. Node from S3: the same ladder, copied into the bucket under the same keys.
  const local = createLocalStorage(mediaDir);
  const bucket = createS3Storage(s3.config);
  step('copying the ladder into the bucket');
  for (const o of await local.list(`videos/${segs.videoId}/`)) await bucket.putFile(o.key, path.join(mediaDir, o.key));
  ({ server, stop } = await start(s3Env));
  await verify(server.url, segs.paths[1]!, fileOf(segs.paths[1]!), 'b');
  let bucketGets = s3.requests.length;
  step('case b');
  results.push({ label: 'b. Node, S3 (s3rver)', load: await measure(server.url, segs.paths), note: '' });
  results.at(-1)!.note = `${fmt(s3.requests.length - bucketGets)} bucket requests (warm-up included)`;
  const s3Pid = server.pid;
  step('upload to the S3 server');
  uploads.push(['S3 (@tus/s3-store, s3rver)', await uploadWithRss({ origin: server.url, cookie: adminCookie, movieId: uploadMovies.s3, pid: s3Pid, totalBytes: uploadBytes, chunkBytes: CHUNK_BYTES })]);
  await stop();

  // --- c. nginx front (the template as it is), X-Accel-Redirect to the bucket, nginx's proxy_cache.
  ({ server, stop } = await start({ ...s3Env, ...accel }));
  const s3Host = new URL(s3.endpoint).host;
  let nginxPort = await freePort();
  let fr = await front({ listen: `127.0.0.1:${nginxPort}`, upstreams: [`127.0.0.1:${server.port}`], tempDir: path.join(root, 'nginx-s3'), cacheDir: path.join(root, 'nginx-s3-cache'), s3: { origin: s3.endpoint, host: s3Host } });
  await verify(fr.nginx.url, segs.paths[1]!, fileOf(segs.paths[1]!), 'c');
  bucketGets = s3.requests.length;
  step('case c');
  results.push({ label: 'c. nginx front, accel, S3', load: await measure(fr.nginx.url, segs.paths), note: '' });
  results.at(-1)!.note = `proxy_cache: ${fmt(s3.requests.length - bucketGets)} bucket requests (warm-up included)`;
  await fr.stop();
  await stop();

  // --- d. nginx front, X-Accel-Redirect to MEDIA_DIR (the alias variant); e. the same nginx serving the files statically.
  ({ server, stop } = await start({ STORAGE: 'local', ...accel }));
  // The server keeps DATA_DIR its owner's only (ADR 031); nginx's workers (nobody) here read MEDIA_DIR themselves.
  // A deployment gives nginx's workers the server's user instead (docs/deploy.md).
  openToNginx(dataDir, mediaDir);
  nginxPort = await freePort();
  fr = await front({ listen: `127.0.0.1:${nginxPort}`, upstreams: [`127.0.0.1:${server.port}`], tempDir: path.join(root, 'nginx-local'), cacheDir: path.join(root, 'nginx-local-cache'), mediaDir, staticDir: mediaDir });
  await verify(fr.nginx.url, segs.paths[1]!, fileOf(segs.paths[1]!), 'd');
  step('case d');
  results.push({ label: 'd. nginx front, accel, local', load: await measure(fr.nginx.url, segs.paths), note: 'alias variant of /_media/' });
  const staticPaths = segs.paths.map((p) => `${STATIC_PREFIX}videos/${segs.videoId}/${segs.rendition}/${p.slice(p.lastIndexOf('/') + 1)}`);
  await verify(fr.nginx.url, staticPaths[1]!, fileOf(segs.paths[1]!), 'e');
  step('case e');
  results.push({ label: 'e. nginx static (baseline)', load: await measure(fr.nginx.url, staticPaths), note: 'no token check' });
  const serverRssAfter = rssBytes(server.pid);
  await fr.stop();
  await stop();

  // --- report
  const baseline = results.at(-1)!.load;
  const rate = (l: LoadSummary) => l.requests / l.seconds;
  console.log(`Film: ${FILM_SECONDS} s 1280x720 test pattern (makeTestPattern), ingested with TRANSCODE_PRESET=ultrafast in ${fmt(ingestSeconds)} s (pattern + transcode); rendition ${segs.rendition}: ${segs.paths.length} segments, mean ${fmt(mb(sizes.reduce((a, b) => a + b, 0) / sizes.length), 2)} MB (${fmt(mb(Math.min(...sizes)), 2)}-${fmt(mb(Math.max(...sizes)), 2)} MB)`);
  console.log(`Load: ${CONNECTIONS} keep-alive connections from a separate process (bench/catalog/load-worker.ts), segments round-robin, bodies read in full, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s; one Sobanura process (SOBANURA_ROLE=all, ${database}, started as "node ${serverArgs().join(' ')}"), one nginx (worker_processes auto), s3rver, load generator: all on this machine.\n`);
  const head = `${'case'.padEnd(30)} ${'req/s'.padStart(8)} ${'MB/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)} ${'x nginx'.padStart(8)}  note`;
  console.log(head);
  console.log('-'.repeat(head.length + 30));
  for (const r of results) {
    const l = r.load;
    console.log(`${r.label.padEnd(30)} ${fmt(rate(l)).padStart(8)} ${fmt(mb(l.bytes) / l.seconds).padStart(8)} ${fmt(l.p50, 1).padStart(8)} ${fmt(l.p99, 1).padStart(8)} ${fmt(l.errors).padStart(8)} ${fmt(rate(l) / rate(baseline), 2).padStart(8)}  ${r.note}`);
  }
  console.log(`\nServer RSS during a tus upload (PATCHes of ${CHUNK_BYTES / 1024 ** 2} MiB, zeros; sampled every 250 ms from /proc/{pid}/status; ${uploadNote}; the last PATCH is refused by ffprobe, not a video):`);
  for (const [name, r] of uploads) console.log(uploadLine(name, r));
  console.log(`(Server RSS: ${fmt(freshRss / 1024 ** 2)} MiB just after start, idle; ${fmt(serverRssAfter / 1024 ** 2)} MiB after cases d and e. Database: ${database}; started as "node ${serverArgs().join(' ')}". With tsx and with PGlite (WASM, in the process) the RSS before any upload is higher than a compiled web instance on PostgreSQL; growth = max - before is what the upload adds.)`);
  const envShown = [`BENCH_SECONDS=${SECONDS}`, `BENCH_UPLOAD_MB=${uploadBytes / 1024 ** 2}`, ...(process.env.BENCH_SERVER_JS ? [`BENCH_SERVER_JS=${process.env.BENCH_SERVER_JS}`] : []), ...(pgServer ? [`TEST_DATABASE_URL=${pgServer}`] : [])];
  console.log(`\nReproduce: ${envShown.join(' ')} ${COMMAND}`);
  console.log(`Total time: ${fmt((performance.now() - t0) / 1000)} s`);
}

let exiting = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (exiting) return;
    exiting = true;
    void cleanUp().finally(() => process.exit(130));
  });
}
main()
  .then(cleanUp, async (err: unknown) => {
    console.error(err);
    await cleanUp();
    process.exitCode = 1;
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
