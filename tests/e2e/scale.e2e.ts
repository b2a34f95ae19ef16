/**
 * Sobanura past one machine (docs/decisions/016-object-storage-and-roles.md, 017-media-delivery-at-scale.md,
 * docs/deploy.md), with real parts on this machine: Debian's nginx running deploy/nginx/sobanura.conf (the README's
 * example) in front of two web instances (SOBANURA_ROLE=web, round-robin), one transcoding worker
 * (SOBANURA_ROLE=worker), PostgreSQL, the S3-compatible test server (s3rver; the bucket is reached only through the
 * S3 API) and Redis. Payments go to the local MTN MoMo emulator (live mode, callbacks on).
 *
 * In order, sharing the cluster:
 * 1. an admin uploads cockatoo.mp4 through nginx over tus, its chunks landing on both web instances; only the worker
 *    runs ffmpeg; the ladder is in the bucket and nothing is under either instance's media folder;
 * 2. a viewer with a pass plays it through nginx in Chromium, and the segments come from the bucket;
 * 3. an open /movies page on instance A shows a film saved through instance B, live;
 * 4. a payment polled through A while its callback arrives at B extends the pass exactly once;
 * 5. the sign-in rate limit counts across both instances (Redis);
 * 6. the worker killed with SIGKILL mid-transcode leaves no ffmpeg; a second worker takes the job up again and the
 *    video reaches ready with a complete ladder.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { S3Client } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMtnMomoEmulator, type MtnMomoEmulator } from '../../src/server/providers/payments/emulators/mtn-momo-emulator.js';
import { serverCommand } from '../../src/server/test/built-server.js';
import { startS3Server, type TestS3Server } from '../../src/server/test/s3-server.js';
import { launchChromium, open, playsPast } from './support/browser.js';
import {
  Cleanup,
  commandLine,
  createDatabase,
  deleteRedisKeys,
  filesUnder,
  isAlive,
  isFfmpeg,
  listProcesses,
  readLadder,
  Session,
  startNginx,
  startNodeScript,
  tusUpload,
  upstreamOf,
  upstreamsOf,
  waitForOutput,
  waitHealthy,
  waitUntil,
  watchFfmpeg,
  type ManagedProcess,
  type NginxFront,
} from './support/cluster.js';
import { freePort } from './support/server.js';

const run = promisify(execFile);
const FIXTURES = path.resolve('../shared/fixtures/videos');
const COCKATOO = path.join(FIXTURES, 'cockatoo.mp4');
/** 180 s of 480x352: long enough to transcode that the worker can be killed in the middle. */
const LONG_FILM = path.join(FIXTURES, 'wannaworktogether.mp4');
const ADMIN = { email: 'admin@sobanura.test', password: 'admin-pass-1' };
const VIEWER = { email: 'viewer@sobanura.test', password: 'viewer-pass-1' };
const AUTH_LIMIT = 6;
const REDIS_URL = 'redis://127.0.0.1:6379';
const MTN = { apiUser: randomUUID(), apiKey: 'k3y-0f-the-api-user-5e2a', subscriptionKey: 'sub5cr1pt10n-key-3f4e5d6c' };
const DAY_MS = 24 * 3600 * 1000;

interface Instance {
  name: string;
  url: string;
  /** host:port, as nginx's $upstream_addr names it. */
  addr: string;
  dataDir: string;
  proc: ManagedProcess;
}

interface VideoView {
  id: string;
  status: string;
  progress: number;
  error: string | null;
  renditions: string[];
}

describe('at scale: nginx, two web instances, a worker, PostgreSQL, S3, Redis', () => {
  const cleanup = new Cleanup();
  const redisPrefix = `scale-${randomBytes(5).toString('hex')}:`;
  let s3: TestS3Server;
  let s3client: S3Client;
  let mtn: MtnMomoEmulator;
  let nginx: NginxFront;
  let webA: Instance;
  let webB: Instance;
  let worker: ManagedProcess;
  const workers: ManagedProcess[] = [];
  let commonEnv: NodeJS.ProcessEnv;
  let browser: Browser;
  let admin: Session;
  let viewer: Session;
  let movieId = '';
  let videoId = '';
  /** Where the emulator's callbacks go; set by the payment scenario. */
  let deliverCallback: (url: string, body: object) => Promise<void> = async () => {};

  /** The last log lines of every process, for a failed step. */
  function report(): string {
    const parts = [webA?.proc, webB?.proc, ...workers].filter(Boolean).map((p) => `--- ${p!.name} (pid ${p!.pid}) ---\n${p!.tail(25)}`);
    if (nginx) parts.push(`--- nginx error.log ---\n${nginx.errorLog().split('\n').slice(-15).join('\n')}`, `--- nginx access.log ---\n${nginx.accessLog().slice(-15).join('\n')}`);
    return parts.join('\n');
  }

  /** Starts a worker process with a DATA_DIR of its own. */
  async function startWorker(name: string): Promise<ManagedProcess> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `sobanura-${name}-`));
    cleanup.add(`${name} data`, () => rmSync(dataDir, { recursive: true, force: true }));
    // Its scratch folders (os.tmpdir()) inside DATA_DIR: a worker killed mid-transcode cannot remove its own.
    const tmp = path.join(dataDir, 'tmp');
    mkdirSync(tmp);
    const proc = startNodeScript(name, 'worker', { ...commonEnv, SOBANURA_ROLE: 'worker', DATA_DIR: dataDir, TMPDIR: tmp });
    cleanup.add(name, () => proc.stop('SIGTERM', 15_000));
    workers.push(proc);
    await waitForOutput(proc, 'Sobanura worker is up');
    return proc;
  }

  async function startWeb(name: string, port: number): Promise<Instance> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `sobanura-${name}-`));
    cleanup.add(`${name} data`, () => rmSync(dataDir, { recursive: true, force: true }));
    const tmp = path.join(dataDir, 'tmp');
    mkdirSync(tmp);
    const proc = startNodeScript(name, 'main', { ...commonEnv, SOBANURA_ROLE: 'web', DATA_DIR: dataDir, TMPDIR: tmp, PORT: String(port), HOST: '127.0.0.1' });
    cleanup.add(name, () => proc.stop('SIGTERM', 15_000));
    const url = `http://127.0.0.1:${port}`;
    await waitHealthy(proc, url);
    return { name, url, addr: `127.0.0.1:${port}`, dataDir, proc };
  }

  /** The command line, in a process of its own against the shared database (no server.json in its DATA_DIR). */
  async function cli(...args: string[]): Promise<string> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-scale-cli-'));
    try {
      const { stdout } = await run(process.execPath, [serverCommand('cli')[1], ...args], { env: { ...commonEnv, SOBANURA_ROLE: 'all', DATA_DIR: dataDir } });
      return stdout;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  async function video(session: Session, id: string): Promise<VideoView> {
    return (await session.getJson<{ video: VideoView }>(`/api/admin/videos/${id}`)).video;
  }

  async function untilReady(session: Session, id: string, timeoutMs: number): Promise<VideoView> {
    return waitUntil(`video ${id} to be ready`, async () => {
      const v = await video(session, id);
      if (v.status === 'failed') throw new Error(`video ${id} failed: ${v.error}`);
      return v.status === 'ready' ? v : null;
    }, timeoutMs, 500);
  }

  beforeAll(async () => {
    try {
      s3 = await startS3Server();
      cleanup.add('s3', () => s3.stop());
      const database = await createDatabase();
      cleanup.add('database', () => database.drop());
      cleanup.add('redis keys', async () => void (await deleteRedisKeys(REDIS_URL, redisPrefix)));
      mtn = await startMtnMomoEmulator({ ...MTN, deliverCallback: (url, body) => deliverCallback(url, body) });
      cleanup.add('mtn emulator', () => mtn.close());
      s3client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: s3.config.accessKeyId!, secretAccessKey: s3.config.secretAccessKey! } });
      cleanup.add('s3 client', () => s3client.destroy());

      const [nginxPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
      commonEnv = {
        ...process.env,
        DATABASE_URL: database.url,
        STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.config.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        REDIS_URL,
        REDIS_KEY_PREFIX: redisPrefix,
        // A killed worker's job goes to another worker about 16 s after its last beat, not 45 (job-heartbeat.ts).
        JOB_HEARTBEAT_SECONDS: '2',
        JOB_STALE_SECONDS: '8',
        JOB_SWEEP_SECONDS: '2',
        TRUST_PROXY: '127.0.0.1',
        MEDIA_ACCEL_PREFIX: '/_media/',
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        URL_SIGNING_SECRET: randomBytes(32).toString('base64url'),
        PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
        DEMO_CATALOG: 'false',
        AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
        PAYMENT_PROVIDER: 'mtn',
        PAYMENT_APPROVAL_SECONDS: '60',
        MTN_BASE_URL: mtn.url,
        MTN_API_USER: MTN.apiUser,
        MTN_API_KEY: MTN.apiKey,
        MTN_SUBSCRIPTION_KEY: MTN.subscriptionKey,
        MTN_TARGET_ENVIRONMENT: 'sandbox',
        LOG_LEVEL: 'info',
        // The fastest x264 preset keeps the run short on two cores; the ladder is the same.
        TRANSCODE_PRESET: 'ultrafast',
        MEDIA_DIR: '',
      };
      // The command line first: it applies the migrations once, before the processes start side by side.
      await cli('user', 'create', '--email', ADMIN.email, '--password', ADMIN.password, '--role', 'super_admin');
      const viewerMade = (async () => {
        await cli('user', 'create', '--email', VIEWER.email, '--password', VIEWER.password, '--name', 'Uwase Aline');
        await cli('pass', 'grant', '--email', VIEWER.email, '--plan', 'weekly');
      })();
      // Instance A first: on a fresh database its start creates the job queues, which processes starting at the same
      // moment would race to create (pg-boss createQueue).
      webA = await startWeb('web-a', portA).catch(async (err: unknown) => {
        await viewerMade.catch(() => {});
        throw err;
      });
      // allSettled: on a failure, nothing is still starting when the cleanup runs.
      const [b, w, v] = await Promise.allSettled([startWeb('web-b', portB), startWorker('worker-1'), viewerMade]);
      for (const r of [b, w, v]) if (r.status === 'rejected') throw r.reason;
      webB = (b as PromiseFulfilledResult<Instance>).value;
      worker = (w as PromiseFulfilledResult<ManagedProcess>).value;
      nginx = await startNginx({ port: nginxPort, upstreams: [webA.addr, webB.addr], s3Endpoint: s3.endpoint });
      cleanup.add('nginx', () => nginx.stop());
      browser = await launchChromium();
      cleanup.add('browser', () => browser.close());

      admin = new Session(nginx.url);
      await admin.signIn(ADMIN.email, ADMIN.password);
      viewer = new Session(nginx.url);
      await viewer.signIn(VIEWER.email, VIEWER.password);
    } catch (err) {
      const logs = report();
      await cleanup.run().catch(() => {});
      throw new Error(`${(err as Error).message}\n${logs}`, { cause: err });
    }
  }, 240_000);

  afterAll(async () => {
    await cleanup.run();
  }, 120_000);

  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => console.error(report()));
  });

  it('takes an upload through nginx on both instances; only the worker runs ffmpeg; the ladder lands in the bucket', async () => {
    expect(commandLine(worker.pid)).toContain('dist/server/worker.js');
    const created = await admin.request('POST', '/api/admin/movies', { json: { title: 'Inyoni (Cockatoo)', category: 'documentary', description: 'A cockatoo looks around.' } });
    expect(created.status).toBe(201);
    movieId = ((await created.json()) as { movie: { id: string } }).movie.id;

    const data = readFileSync(COCKATOO);
    const logStart = nginx.accessLog().length;
    let watch: ReturnType<typeof watchFfmpeg> | null = null;
    // Six chunks, each under S3's 5 MiB part size (the store keeps the incomplete part as an object between them).
    videoId = await tusUpload(admin, movieId, 'cockatoo.mp4', data, Math.ceil(data.length / 6), () => (watch = watchFfmpeg()));
    let ready: VideoView;
    try {
      ready = await untilReady(admin, videoId, 180_000);
    } finally {
      await watch!.stop();
    }

    // Chunks of the one upload reached both web instances (nginx's $upstream_addr of each PATCH).
    const patches = nginx.accessLog().slice(logStart).filter((l) => l.includes(`"PATCH /api/uploads/${videoId}`));
    expect(patches).toHaveLength(6);
    expect(patches.every((l) => / 204 /.test(l))).toBe(true);
    expect(new Set(patches.map(upstreamOf))).toEqual(new Set([webA.addr, webB.addr]));

    // ffmpeg ran as the worker's child, never as a web instance's.
    const ffmpeg = [...watch!.seen.values()];
    // (The transcode's ffmpeg names the video: its source and output are under a scratch folder named for it.)
    expect(ffmpeg.filter((p) => p.ppid === worker.pid && p.args.includes(videoId)).length).toBeGreaterThan(0);
    expect(ffmpeg.filter((p) => p.ppid === webA.proc.pid || p.ppid === webB.proc.pid)).toEqual([]);

    // The whole ladder is in the bucket: the master, each rendition's playlist, every segment they name.
    const ladder = await readLadder(s3client, s3.bucket, videoId);
    expect(ladder.missing).toEqual([]);
    expect(ladder.renditions.length).toBe(ready.renditions.length);
    expect(ladder.renditions.length).toBeGreaterThanOrEqual(2);
    for (const r of ladder.renditions) expect(r).toMatch(/^[^/]+\/index\.m3u8$/);
    expect(ladder.segments.length).toBeGreaterThanOrEqual(ladder.renditions.length);
    // Fragmented MP4 (ADR 026): every rendition's init segment (its EXT-X-MAP) is in the bucket, its segments are .m4s.
    for (const r of ladder.renditions) expect(ladder.keys).toContain(`videos/${videoId}/${path.posix.dirname(r)}/init.mp4`);
    // (readLadder lists the URIs each playlist names, so the init segments too.)
    const media = ladder.segments.filter((k) => !k.endsWith('/init.mp4'));
    expect(media.length).toBeGreaterThanOrEqual(ladder.renditions.length);
    expect(media.filter((k) => !k.endsWith('.m4s'))).toEqual([]);
    // Nothing of it (or anything else) under the web instances' local media folders.
    expect(filesUnder(path.join(webA.dataDir, 'media'))).toEqual([]);
    expect(filesUnder(path.join(webB.dataDir, 'media'))).toEqual([]);
  });

  it('plays it through nginx in Chromium for a viewer with a pass, the segments fetched from the bucket', async () => {
    expect(videoId).not.toBe('');
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    context.setDefaultTimeout(60_000);
    try {
      // The viewer's session, signed in through nginx.
      await context.addCookies(viewer.browserCookies());
      const page = await context.newPage();
      const mark = s3.requests.length;
      const logStart = nginx.accessLog().length;
      await open(page, `${nginx.url}/player/${movieId}`);
      // The viewer's first play offers the data saver.
      await page.getByText('Save mobile data?').waitFor();
      await page.getByRole('button', { name: 'Best quality' }).click();
      await playsPast(page, 1);

      const segmentGets = s3.requests.slice(mark).filter((r) => r.method === 'GET' && r.url.startsWith(`/${s3.bucket}/videos/${videoId}/`) && /\.(ts|m4s)(\?|$)/.test(r.url));
      expect(segmentGets.length).toBeGreaterThan(0);
      // The viewer asked nginx for them; a web instance checked the token (its answer was X-Accel-Redirect).
      const mediaLines = nginx.accessLog().slice(logStart).filter((l) => l.includes(`/media/v/${videoId}/-/`) && /\.(ts|m4s) /.test(l));
      expect(mediaLines.length).toBeGreaterThan(0);
      // Each segment: a web instance checked the token (X-Accel-Redirect), then nginx fetched the object from the bucket.
      const s3Addr = new URL(s3.endpoint).host;
      for (const line of mediaLines) {
        expect(line).toMatch(/ (200|206) /);
        const [first, ...rest] = upstreamsOf(line);
        expect([webA.addr, webB.addr]).toContain(first);
        if (line.includes(' MISS')) expect(rest).toEqual([s3Addr]);
      }
      expect(filesUnder(path.join(webA.dataDir, 'media'))).toEqual([]);
      expect(filesUnder(path.join(webB.dataDir, 'media'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a film saved through instance B on a /movies page open on instance A, live', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      // The viewer (signed in through nginx) on instance A itself: the lists are for signed-in viewers.
      await context.addCookies(viewer.browserCookies(webA.url));
      const page = await context.newPage();
      const consoleLines: string[] = [];
      page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
      await open(page, `${webA.url}/movies`);
      await page.getByText(/^\d+ titles?$/).first().waitFor().catch(async (err: Error) => {
        throw new Error(`${err.message}\npage text: ${(await page.locator('body').innerText()).slice(0, 2000)}\nconsole: ${consoleLines.join('\n')}`);
      });
      expect(await page.getByRole('link', { name: 'Ishyamba Rishya' }).count()).toBe(0);
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

      const created = await admin.at(webB.url).request('POST', '/api/admin/movies', { json: { title: 'Ishyamba Rishya', category: 'drama', description: 'Filime nshya.' } });
      expect(created.status).toBe(201);
      // Viewers are shown it once it has a ready video (ADR 023): the admin gives it the ladder made above, on B.
      const newId = ((await created.json()) as { movie: { id: string } }).movie.id;
      expect(videoId, 'the upload scenario made a ready video').not.toBe('');
      expect((await admin.at(webB.url).request('PATCH', `/api/admin/movies/${newId}`, { json: { videoId } })).status).toBe(200);
      await page.getByRole('link', { name: 'Ishyamba Rishya' }).first().waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('settles a payment polled through A while its callback reaches B, extending the pass exactly once', async () => {
    const atA = viewer.at(webA.url);
    const me = async () => (await atA.getJson<{ pass: { plan: string; expiresAt: string; active: boolean } | null }>('/api/accounts/me')).pass;
    const before = await me();
    expect(before).toMatchObject({ plan: 'weekly', active: true });

    // The phone approves 3 s after the request; MTN then PUTs the callback, which this test sends to B, at the same
    // moment as three polls through A: two instances race to settle one payment.
    mtn.setOutcome('250788123456', { status: 'SUCCESSFUL', afterMs: 3000 });
    const callbackAnswers: number[] = [];
    const racingPolls: Promise<Response>[] = [];
    deliverCallback = async (url, body) => {
      const target = `${webB.url}${new URL(url).pathname}`;
      const [answer] = await Promise.all([
        fetch(target, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        ...[0, 1, 2].map(() => {
          const poll = atA.request('GET', `/api/billing/payments/${paymentId}`);
          racingPolls.push(poll);
          return poll;
        }),
      ]);
      callbackAnswers.push(answer.status);
    };
    const started = await atA.request('POST', '/api/billing/payments', { json: { plan: 'weekly', phone: '0788 123 456' } });
    expect(started.status).toBe(202);
    const paymentId = ((await started.json()) as { payment: { id: string; provider: string } }).payment.id;
    // MTN is told to call back under PUBLIC_URL (nginx); the test hands that callback to B directly.
    expect([...mtn.requests.values()].map((r) => r.callbackUrl)).toEqual([`${nginx.url}/api/billing/callbacks/mtn/${paymentId}`]);

    const settled = await waitUntil('the payment to settle (polled through A)', async () => {
      const p = (await atA.getJson<{ payment: { status: string } }>(`/api/billing/payments/${paymentId}`)).payment;
      return p.status !== 'pending' ? p : null;
    }, 30_000, 500);
    expect(settled.status).toBe('successful');
    await waitUntil('the callback to reach B', () => callbackAnswers.length === 1, 10_000);
    expect(callbackAnswers).toEqual([200]);
    expect((await Promise.all(racingPolls)).map((r) => r.status)).toEqual([200, 200, 200]);
    await waitForOutput(webB.proc, paymentId, 10_000);
    expect(webB.proc.log()).toMatch(new RegExp(`"paymentId":"${paymentId}"[^\n]*payment callback received`));
    // Quiet: no more status queries for it (B's callback handling and A's polls are done).
    let calls = -1;
    await waitUntil('status queries to stop', () => {
      const now = mtn.calls.get('status') ?? 0;
      const still = now === calls;
      calls = now;
      return still;
    }, 15_000, 1500);

    // One settlement across both instances, one pass extension of exactly one week.
    const successLines = [webA, webB].flatMap((w) => w.proc.log().split('\n')).filter((l) => l.includes(paymentId) && l.includes('payment successful'));
    expect(successLines).toHaveLength(1);
    const after = await me();
    expect(after).toMatchObject({ plan: 'weekly', active: true });
    expect(new Date(after!.expiresAt).getTime() - new Date(before!.expiresAt).getTime()).toBe(7 * DAY_MS);
    const history = await viewer.at(webB.url).getJson<{ payments: { id: string; status: string }[] }>('/api/billing/history');
    expect(history.payments.filter((p) => p.id === paymentId)).toEqual([expect.objectContaining({ status: 'successful' })]);
    expect(mtn.requests.size).toBe(1);
  });

  it('counts wrong sign-ins across both instances (Redis): the next one on either is refused', async () => {
    // One client address, as nginx would name it in X-Forwarded-For (both instances trust 127.0.0.1).
    const client = '198.51.100.23';
    // Each to another email, so only the address limit counts (not the per-account one of ADR 018).
    let n = 0;
    const attempt = (w: Instance, address = client) =>
      fetch(`${w.url}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ email: `nobody${++n}@sobanura.test`, password: 'wrong-password' }) });
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT; i++) statuses.push((await attempt(i % 2 ? webB : webA)).status);
    expect(statuses).toEqual(Array(AUTH_LIMIT).fill(401));
    expect((await attempt(webA)).status).toBe(429);
    expect((await attempt(webB)).status).toBe(429);
    // Another address is counted apart.
    expect((await attempt(webB, '198.51.100.24')).status).toBe(401);
  });

  it('takes a transcode up again on a second worker after the first is killed mid-way, leaving no ffmpeg behind', async () => {
    const created = await admin.request('POST', '/api/admin/movies', { json: { title: 'Wanna Work Together', category: 'drama', description: 'Filime ngufi.' } });
    expect(created.status).toBe(201);
    const longMovieId = ((await created.json()) as { movie: { id: string } }).movie.id;
    const id = await tusUpload(admin, longMovieId, 'wannaworktogether.mp4', readFileSync(LONG_FILM), 5 * 1024 * 1024);

    await waitUntil('transcoding progress > 0', async () => {
      const v = await video(admin, id);
      if (v.status === 'ready' || v.status === 'failed') throw new Error(`video reached ${v.status} before the worker could be killed`);
      return v.status === 'processing' && v.progress > 0;
    }, 120_000, 300);
    const first = worker;
    expect(commandLine(first.pid)).toContain('dist/server/worker.js');
    const children = (await listProcesses()).filter((p) => isFfmpeg(p) && p.ppid === first.pid && p.args.includes(id));
    expect(children.length).toBeGreaterThan(0);

    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await waitUntil('worker 1 to die', () => first.exited(), 5000, 50);
    await waitUntil(`its ffmpeg (${children.map((c) => c.pid).join(', ')}) to end`, () => children.every((c) => !isAlive(c.pid)), 5000, 100);

    const watch = watchFfmpeg();
    let ready: VideoView;
    try {
      worker = await startWorker('worker-2');
      // The sweeper fails the dead worker's job once its heartbeat is stale (about 16 s here), then worker 2 runs it.
      const second = worker.pid;
      await waitUntil('worker 2 to transcode the video', () => [...watch.seen.values()].some((p) => p.ppid === second && p.args.includes(id)), 120_000, 250);
      const takenAt = Date.now();
      ready = await untilReady(admin, id, 180_000);
      console.info(`worker 2 took the job up ${Math.round((takenAt - killedAt) / 1000)} s after the kill and transcoded it in ${Math.round((Date.now() - takenAt) / 1000)} s`);
    } finally {
      await watch.stop();
    }
    // Worker 2 transcoded it (other ffmpeg processes on the machine, other tests' included, do not count).
    expect([...watch.seen.values()].filter((p) => p.ppid === worker.pid && p.args.includes(id)).length).toBeGreaterThan(0);

    const ladder = await readLadder(s3client, s3.bucket, id);
    expect(ladder.missing).toEqual([]);
    expect(ladder.renditions.length).toBe(ready.renditions.length);
    expect(ladder.renditions.length).toBeGreaterThan(0);
    // Every object of the ladder is the master, a rendition playlist or a segment they name (no leftovers of the
    // first attempt), apart from the poster.
    const initSegments = ladder.renditions.map((r) => `videos/${id}/${path.posix.dirname(r)}/init.mp4`);
    for (const k of initSegments) expect(ladder.keys).toContain(k);
    const named = new Set([`videos/${id}/master.m3u8`, ...ladder.renditions.map((r) => `videos/${id}/${r}`), ...ladder.segments, ...initSegments]);
    expect(ladder.keys.filter((k) => !named.has(k) && !/\/poster\.[a-z]+$/.test(k))).toEqual([]);
    // No ffmpeg left from the first worker, and none still working on this video.
    expect(children.filter((c) => isAlive(c.pid))).toEqual([]);
    expect((await listProcesses()).filter((p) => isFfmpeg(p) && (p.ppid === first.pid || p.args.includes(id)))).toEqual([]);
    expect(filesUnder(path.join(webA.dataDir, 'media'))).toEqual([]);
    expect(filesUnder(path.join(webB.dataDir, 'media'))).toEqual([]);
  });
});
