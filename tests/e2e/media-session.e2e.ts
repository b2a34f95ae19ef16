/**
 * Lock-screen and headset controls, in Chromium with the real build (Media Session API,
 * src/web/features/player/hooks/use-media-session.ts): while a film plays, the browser's media session names it
 * and follows its state. The action handlers and the position state are checked in use-media-session.test.tsx.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open, playsPast } from './support/browser.js';
import { seedData } from './support/seed.js';
import { startServer, type E2eServer } from './support/server.js';

const VIEWER = { email: 'viewer@sobanura.test', password: 'viewer-pass' };
const COCKATOO = path.resolve('../shared/fixtures/videos/cockatoo.mp4');

/** One free film with a transcoded video and a viewer, through the server's services; then the database closes. */
async function seed(dataDir: string): Promise<string> {
  return seedData(
    dataDir,
    async ({ services: s }) => {
      await s.accounts.register({ fullName: 'Uwase Aline', email: VIEWER.email, password: VIEWER.password });
      const m = await s.catalog.create({ title: 'Inyoni y’Ubwenge', category: 'documentary', isPremium: false, rating: 7, year: 2024, director: 'Uwera', description: 'Filime ngufi.' });
      const v = await s.media.importFile(m.id, COCKATOO, null);
      await s.media.transcode(v.id, true);
      const ready = await s.media.get(v.id);
      if (ready?.status !== 'ready') throw new Error(`video is ${ready?.status}: ${ready?.error}`);
      return m.id;
    },
    { TRANSCODE_PRESET: 'ultrafast' },
  );
}

describe('media session', () => {
  let tmp: string;
  let movieId: string;
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'sobanura-media-session-e2e-'));
    movieId = await seed(path.join(tmp, 'data'));
    server = await startServer({ DATA_DIR: path.join(tmp, 'data') });
    browser = await launchChromium();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('names the film on the lock screen while it plays, and follows play and pause', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    expect((await context.request.post(`${server.url}/api/accounts/login`, { data: VIEWER, headers: { origin: server.url } })).ok()).toBe(true);
    const page = await context.newPage();
    await open(page, `${server.url}/player/${movieId}`);
    // First play offers the data saver.
    await page.getByRole('button', { name: 'Best quality' }).click({ timeout: 30_000 }).catch(() => undefined);
    await playsPast(page, 0.5);
    const session = await page.evaluate(() => ({ title: navigator.mediaSession.metadata?.title, artist: navigator.mediaSession.metadata?.artist, state: navigator.mediaSession.playbackState }));
    expect(session).toEqual({ title: 'Inyoni y’Ubwenge', artist: 'Sobanura', state: 'playing' });
    await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.pause());
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused');
    await context.close();
  }, 120_000);
});
