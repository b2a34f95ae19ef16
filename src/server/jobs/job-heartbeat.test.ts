/**
 * Heartbeats and the stale-job sweeper against a real pg-boss on the test database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): a job whose worker died (fetched, never beaten, never completed) is failed and taken
 * up by another worker; a job whose worker beats is left alone; a job taken up again is not failed for the
 * heartbeat its dead worker left. On PostgreSQL also the whole story with processes: a worker process killed with
 * SIGKILL mid-job leaves no tool running, and a second worker runs the job.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRANSCODE_QUEUE } from '../modules/media/media.service.js';
import { describeEachDb, startTestApp, waitFor, type TestApp } from '../test/harness.js';
import { beat, startJobHeartbeats } from './job-heartbeat.js';
import { startQueue } from './queue.js';
import { registerTranscodeJob } from './transcode.job.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FAST = { beatSeconds: 0.2, sweepSeconds: 0.2, staleSeconds: 1 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachDb('job heartbeats', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const RETRY = { retryLimit: 2, retryDelay: 1 };
  // Due a second ago: a job is fetched once its start is before the database's now, which a send and a fetch in the
  // same millisecond would not yet be (a clean-clone run fetched one job of two).
  const due = () => new Date(Date.now() - 1000);
  const state = async (queue: string, id: string) => (await t.boss.getJobById(queue, id))?.state;
  const heartbeatRows = async (id: string) => (await t.db.executeSql('select worker_id from job_heartbeats where job_id = $1', [id])).rows;

  async function fetchOne(boss: PgBoss, queue: string) {
    const [job] = await boss.fetch(queue, { includeMetadata: true });
    if (!job) throw new Error('no job to fetch');
    return job;
  }

  it('fails the job of a dead worker so a second worker takes it up, and leaves a beating job alone', async () => {
    const queue = 'heartbeat-test-dead';
    await t.boss.createQueue(queue);
    const deadId = (await t.boss.send(queue, { n: 1 }, { ...RETRY, startAfter: due() }))!;
    const aliveId = (await t.boss.send(queue, { n: 2 }, { ...RETRY, startAfter: due() }))!;
    // Both fetched at once: one by a "worker" that dies there (never beats, never completes), one by a living worker.
    const fetched = await t.boss.fetch(queue, { batchSize: 2, includeMetadata: true });
    expect(fetched.map((j) => j.id).sort()).toEqual([deadId, aliveId].sort());
    const alive = fetched.find((j) => j.id === aliveId)!;
    expect(await state(queue, alive.id)).toBe('active');

    const hb = startJobHeartbeats(t.boss, t.db.executeSql, queue, { ...FAST, workerId: 'living-worker' });
    let release!: () => void;
    const running = hb.beatWhile(alive, () => new Promise<void>((r) => (release = r)));
    try {
      await waitFor(async () => (await state(queue, deadId)) !== 'active', 30);
      expect(await state(queue, deadId)).toBe('retry');
      // The same sweep saw both jobs started at the same moment; only the one without beats was failed.
      expect(await state(queue, alive.id)).toBe('active');
      expect(await heartbeatRows(alive.id)).toEqual([{ worker_id: 'living-worker' }]);

      // A second worker process (its own pg-boss on the same database) takes the job up again.
      const second = await startQueue(t.db.executeSql, () => {});
      const seen: { id: string; retryCount: number }[] = [];
      try {
        await second.work(queue, { includeMetadata: true, pollingIntervalSeconds: 0.5 }, async ([job]) => {
          if (job) seen.push({ id: job.id, retryCount: job.retryCount });
        });
        await waitFor(async () => (await state(queue, deadId)) === 'completed', 30);
        expect(seen).toEqual([{ id: deadId, retryCount: 1 }]);
      } finally {
        await second.stop({ graceful: false, wait: true, close: false });
      }

      // Well past staleSeconds, the beating job is still active.
      await sleep(FAST.staleSeconds * 1500);
      expect(await state(queue, alive.id)).toBe('active');
    } finally {
      release();
      await running;
      await hb.stop();
    }
    expect(await heartbeatRows(alive.id)).toEqual([]);
  });

  it('does not fail a job taken up again for the old heartbeat its dead worker left, but does once it goes silent', async () => {
    const queue = 'heartbeat-test-retaken';
    await t.boss.createQueue(queue);
    const id = (await t.boss.send(queue, {}, { ...RETRY, startAfter: due() }))!;
    await t.db.executeSql(`insert into job_heartbeats (job_id, queue, worker_id, beat_at) values ($1, $2, 'dead-worker', now() - interval '1 hour')`, [id, queue]);
    await fetchOne(t.boss, queue);
    const hb = startJobHeartbeats(t.boss, t.db.executeSql, queue, { ...FAST, sweepSeconds: 3600 });
    try {
      expect(await hb.sweep()).toEqual([]);
      expect(await state(queue, id)).toBe('active');
      await sleep(FAST.staleSeconds * 1500);
      expect(await hb.sweep()).toEqual([id]);
      expect(await state(queue, id)).toBe('retry');
      expect(await heartbeatRows(id)).toEqual([]); // the sweep clears rows of jobs no longer active
    } finally {
      await hb.stop();
    }
  });

  it('a beat reports a job that was given away instead of writing, and beatWhile calls onLost once', async () => {
    const queue = 'heartbeat-test-lost';
    await t.boss.createQueue(queue);
    await t.boss.send(queue, {}, { ...RETRY, startAfter: due() });
    const job = await fetchOne(t.boss, queue);
    expect(await beat(t.db.executeSql, queue, job, 'w1')).toBe(true);
    expect(await beat(t.db.executeSql, queue, { id: job.id, retryCount: job.retryCount + 1 }, 'w1')).toBe(false);

    const lost: string[] = [];
    const hb = startJobHeartbeats(t.boss, t.db.executeSql, queue, { ...FAST, sweepSeconds: 3600, onLost: (j) => lost.push(j.id) });
    let release!: () => void;
    const running = hb.beatWhile(job, () => new Promise<void>((r) => (release = r)));
    try {
      await t.boss.fail(queue, job.id);
      await waitFor(async () => lost.length > 0, 30);
      await sleep(FAST.beatSeconds * 3000);
      expect(lost).toEqual([job.id]);
    } finally {
      release();
      await running;
      await hb.stop();
    }
  });

  it('registerTranscodeJob beats while MediaService.transcode runs and clears the heartbeat when it ends', async () => {
    const calls: { videoId: string; finalAttempt: boolean; rows: unknown[] }[] = [];
    let jobId = '';
    const handle = await registerTranscodeJob(
      t.boss,
      {
        transcode: async (videoId, finalAttempt) => {
          calls.push({ videoId, finalAttempt, rows: await heartbeatRows(jobId) });
        },
      },
      t.db.executeSql,
      FAST,
    );
    try {
      jobId = (await t.boss.send(TRANSCODE_QUEUE, { videoId: 'v-1' }, { retryLimit: 2, retryDelay: 1 }))!;
      await waitFor(async () => (await state(TRANSCODE_QUEUE, jobId)) === 'completed', 30);
      expect(calls).toEqual([{ videoId: 'v-1', finalAttempt: false, rows: [{ worker_id: handle.workerId }] }]);
      expect(await heartbeatRows(jobId)).toEqual([]);
    } finally {
      await t.boss.offWork(TRANSCODE_QUEUE);
      await handle.stop();
    }
  });

  it.runIf(kind === 'postgres' && process.platform === 'linux')(
    'a worker process killed with SIGKILL mid-job leaves no tool running, and another worker runs the job again',
    async () => {
      const jobId = (await t.boss.send(TRANSCODE_QUEUE, { videoId: 'v-killed' }, { retryLimit: 2, retryDelay: 1 }))!;
      const script = `
        import { openDatabase } from ${JSON.stringify(path.join(HERE, '../db/client.ts'))};
        import { startQueue } from ${JSON.stringify(path.join(HERE, 'queue.ts'))};
        import { registerTranscodeJob } from ${JSON.stringify(path.join(HERE, 'transcode.job.ts'))};
        import { runTool } from ${JSON.stringify(path.join(HERE, '../providers/transcoder/run-tool.ts'))};
        const db = await openDatabase({ url: ${JSON.stringify(t.config.databaseUrl)} });
        const boss = await startQueue(db.executeSql, () => {});
        await registerTranscodeJob(boss, {
          transcode: () => runTool('ffmpeg', 'ffmpeg', ['-nostdin', '-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc', '-f', 'null', '-'],
            { onSpawn: (pid) => console.log('PID ' + pid) }).then(() => {}),
        }, db.executeSql, ${JSON.stringify(FAST)});`;
      const worker = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = new Promise((r) => worker.once('exit', r));
      let toolPid = 0;
      try {
        toolPid = await new Promise<number>((resolve, reject) => {
          let out = '';
          worker.stdout.setEncoding('utf8');
          worker.stdout.on('data', (text: string) => {
            out += text;
            const m = /PID (\d+)/.exec(out);
            if (m) resolve(Number(m[1]));
          });
          worker.once('exit', (code) => reject(new Error(`worker exited (${code}): ${out}`)));
        });
        expect(await state(TRANSCODE_QUEUE, jobId)).toBe('active');
      } finally {
        worker.kill('SIGKILL');
        await exited;
      }
      // The kernel ends ffmpeg with its parent (setpriv --pdeathsig); a zombie waiting for init counts as gone.
      const gone = () => {
        try {
          process.kill(toolPid, 0);
          return /^\S+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${toolPid}/stat`, 'utf8'));
        } catch {
          return true;
        }
      };
      await waitFor(async () => gone(), 15);

      const calls: string[] = [];
      const handle = await registerTranscodeJob(t.boss, { transcode: async (videoId) => void calls.push(videoId) }, t.db.executeSql, FAST);
      try {
        await waitFor(async () => (await state(TRANSCODE_QUEUE, jobId)) === 'completed', 60);
        expect(calls).toEqual(['v-killed']);
        expect((await t.boss.getJobById(TRANSCODE_QUEUE, jobId))?.retryCount).toBe(1);
      } finally {
        await t.boss.offWork(TRANSCODE_QUEUE);
        await handle.stop();
      }
    },
  );
});
