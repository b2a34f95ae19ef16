/**
 * Job payloads are parsed with their queue's contract before the handler (payload-guard.ts), through the job
 * registration (register-jobs.ts) with a module of the test's own, on a real pg-boss on the test database (PGlite,
 * and PostgreSQL when TEST_DATABASE_URL is set).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServerModule } from '../modules/module-kit.js';
import { describeEachDb, startTestApp, waitFor, type TestApp } from '../test/harness.js';
import { badPayloadMessage } from './payload-guard.js';
import { registerJobs, type JobsHandle } from './register-jobs.js';

const QUEUE = 'payload-guard-test';
const VIDEO = '00000000-0000-4000-8000-000000000001';

describeEachDb('job payload contracts', (kind) => {
  let t: TestApp;
  let jobs: JobsHandle;
  const handled: unknown[] = [];
  const bad: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    await t.boss.createQueue(QUEUE);
    const testModule: ServerModule = {
      name: 'payload-test',
      jobs: [
        {
          queues: [{ name: QUEUE, payload: z.object({ videoId: z.uuid(), rendition: z.string().default('480p') }), retry: { limit: 3 } }],
          role: 'web',
          needs: [],
          start: async ({ boss }) => {
            await boss.work(QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
              handled.push(job!.data);
            });
          },
        },
      ],
    };
    jobs = await registerJobs(t.boss, { role: 'all', services: {}, executeSql: t.db.executeSql, dbKind: t.db.kind, log: { info: (_o, m) => void bad.push(m) }, modules: [testModule] });
  });
  afterAll(async () => {
    await t?.boss.offWork(QUEUE);
    await jobs?.stop();
    await t?.stop();
  });

  it('hands the handler the parsed payload of a job that matches its contract', async () => {
    const id = (await t.boss.send(QUEUE, { videoId: VIDEO, extra: 'dropped' }, { retryLimit: 3 }))!;
    await waitFor(async () => (await t.boss.getJobById(QUEUE, id))?.state === 'completed', 30);
    expect(handled).toContainEqual({ videoId: VIDEO, rendition: '480p' });
  });

  it('fails a job whose payload does not match, with a message naming the field, and never retries it', async () => {
    const before = handled.length;
    const id = (await t.boss.send(QUEUE, { videoId: 'not-a-uuid' }, { retryLimit: 3, retryDelay: 1 }))!;
    await waitFor(async () => (await t.boss.getJobById(QUEUE, id))?.state === 'failed', 30);
    const job = await t.boss.getJobById(QUEUE, id);
    expect(job?.retryCount).toBe(0);
    expect(job?.output).toEqual({ message: expect.stringMatching(new RegExp(`^${QUEUE} job ${id}: bad payload: videoId: `)) });
    expect(bad.some((m) => m.startsWith(`${QUEUE} job ${id}: bad payload`))).toBe(true);
    expect(handled.length).toBe(before);
  });
});

it('names every problem of a bad payload, and the payload itself when it is not an object', () => {
  const contract = z.object({ videoId: z.uuid(), n: z.number() });
  const twice = contract.safeParse({ videoId: 'x', n: 'y' });
  expect(badPayloadMessage('q', 'id-1', twice.error!)).toMatch(/^q job id-1: bad payload: videoId: .+; n: .+$/);
  expect(badPayloadMessage('q', 'id-2', contract.safeParse(null).error!)).toMatch(/^q job id-2: bad payload: \(payload\): /);
});
