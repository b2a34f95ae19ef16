/**
 * Offline, in Chromium with the real build (issue 7 point 6; design guide "offline"): the service worker's offline
 * page has a "Try again" that works under the Content Security Policy (a listener, no inline handler: ADR 020), and
 * a new release leaves no cache of an older one behind (src/web/sw/cache-policy.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { serverCommand } from '../../src/server/test/built-server.js';
import { launchChromium, open } from './support/browser.js';
import { seedData } from './support/seed.js';
import { freePort, startServer, type E2eServer } from './support/server.js';

describe('offline', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('drops caches of older releases, shows the offline page, and "Try again" loads the page once back online', async () => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: server.url, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    // Caches an older release left (its shell, and the runtime cache that was once shared by every release).
    await page.goto('/offline.html');
    await page.evaluate(async () => {
      for (const name of ['sobanura-shell-0ld0ld0ld0ld', 'sobanura-runtime', 'sobanura-runtime-0ld0ld0ld0ld']) await (await caches.open(name)).put('/old.js', new Response('old'));
    });
    await open(page, '/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 15_000 }).toEqual(expect.not.arrayContaining([expect.stringMatching(/0ld|^sobanura-runtime$/)]));
    const names = await page.evaluate(() => caches.keys());
    const versions = new Set(names.filter((n) => n.startsWith('sobanura-')).map((n) => n.replace(/^sobanura-(shell|runtime)-/, '')));
    expect(versions.size).toBe(1);

    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Playwright takes the worker's own fetches offline a moment after the page's (microsoft/playwright#2311).
    await ctx.setOffline(true);
    await expect
      .poll(async () => {
        await page.goto('/help').catch(() => {});
        return page.getByRole('heading', { level: 1 }).textContent();
      }, { timeout: 15_000, interval: 500 })
      .toBe('You are offline');
    // Still offline: Try again keeps the offline page.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent().catch(() => null)).toBe('You are offline');
    await ctx.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/help');
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).not.toBe('You are offline');
    await ctx.close();
  }, 120_000);
});

/**
 * Offline downloads (docs/decisions/027-offline-downloads.md, "On the device"): a viewer downloads a film at 240p
 * from its page, the network and the server go away, the Downloads page opens from the service worker and the film
 * plays past 5 s from the device; the pass ends and the viewer comes back online: the check-in is refused with the
 * pass text; a viewer whose quota is used is refused with its text. The server restarts on the same data and port
 * (the same origin: same service worker, Cache Storage and IndexedDB).
 */
const COCKATOO = path.resolve('../shared/fixtures/videos/cockatoo.mp4');
const VIEWER = { email: 'offline@sobanura.test', password: 'offline-pass' };
const FULL = { email: 'full@sobanura.test', password: 'full-pass-1' };

/** A server process on a given data folder and port, which can be stopped and started again on both. */
async function serve(dataDir: string, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DEMO_CATALOG: 'false', LOG_LEVEL: 'warn' };
  const [execPath, main] = serverCommand('main');
  const child: ChildProcess = spawn(execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    },
  };
}

describe('offline downloads', () => {
  let dataDir: string;
  let port: number;
  let server: { url: string; stop: () => Promise<void> } | null = null;
  let browser: Browser;
  let movieId: string;
  let viewerId: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-offline-e2e-'));
    ({ movieId, viewerId } = await seedData(
      dataDir,
      async ({ services: s, db }) => {
        const viewer = await s.accounts.register({ fullName: 'Uwase Aline', email: VIEWER.email, password: VIEWER.password });
        await s.billing.grantPass(viewer.id, 'weekly');
        const full = await s.accounts.register({ fullName: 'Keza Diane', email: FULL.email, password: FULL.password });
        await s.billing.grantPass(full.id, 'weekly');
        const m = await s.catalog.create({ title: 'Inyenyeri', category: 'drama', rating: 7, year: 2020, director: 'Uwera', description: 'Filime ngufi.' });
        await s.media.importFile(m.id, COCKATOO, null);
        // The weekly pass's 10 downloads already used on 10 other videos (not the film's own, which is still being
        // transcoded here: counting it would make downloading it again free).
        await db.db.execute(
          sql`with other as (insert into video_assets (progress) select 0 from generate_series(1, 10) returning id)
              insert into video_downloads (user_id, video_id, rendition) select ${full.id}, id, '240p' from other`,
        );
        return { movieId: m.id, viewerId: viewer.id };
      },
      { TRANSCODE_PRESET: 'ultrafast' },
    ));
    port = await freePort();
    server = await serve(dataDir, port);
    // The film's ladder is made by the server's worker after it starts: wait until its video is ready. Asked
    // signed out: the viewers' own routes are rate limited per account, and a minute of polling them would leave
    // the scenario's viewer refused.
    const deadline = Date.now() + 240_000;
    const ready = async () => {
      const res = await fetch(`${server!.url}/api/movies/${movieId}`);
      return res.ok && ((await res.json()) as { movie?: { videoStatus?: string } }).movie?.videoStatus === 'ready';
    };
    while (!(await ready())) {
      if (Date.now() > deadline) throw new Error('the film never became ready');
      await new Promise((r) => setTimeout(r, 1_000));
    }
    browser = await launchChromium();
  }, 420_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(ctx: BrowserContext, account: { email: string; password: string }): Promise<Page> {
    const page = await ctx.newPage();
    await open(page, `${server!.url}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server!.url}/`);
    return page;
  }

  it('downloads at 240p, plays past 5 s with no network and no server, then refuses once the pass has ended', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
    ctx.setDefaultTimeout(90_000);
    const page = await signIn(ctx, VIEWER);
    const url = server!.url;
    await page.evaluate(() => navigator.serviceWorker.ready);
    await open(page, `${url}/player/${movieId}`);
    await page.getByRole('link', { name: 'Download', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('10 of 10 downloads left').waitFor();
    await dialog.getByRole('radio', { name: /240p/ }).check();
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByTestId('offline-state').filter({ hasText: 'Downloaded' }).waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('offline-download').textContent()).toContain('240p');
    // Drawn again under the worker, so the Downloads page's code and the offline player's are in its cache.
    await open(page, `${url}/downloads`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByTestId('offline-state').filter({ hasText: 'Downloaded' }).waitFor();

    // A page the worker does not control (after a forced reload, Shift+reload: the navigation skips the worker)
    // cannot read the stored files: the player asks for a reload instead of failing, and the reload plays.
    const playHref = (await page.getByRole('link', { name: 'Play' }).getAttribute('href'))!;
    await open(page, `${url}${playHref}`);
    await page.getByTestId('offline-video').waitFor();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Page.reload', { ignoreCache: true });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready') && navigator.serviceWorker.controller === null);
    await page.getByRole('heading', { name: 'Reload to play this download' }).waitFor();
    expect(await page.getByTestId('offline-video').count()).toBe(0);
    await cdp.detach();
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByTestId('offline-video').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await open(page, `${url}/downloads`);

    await ctx.setOffline(true);
    await server!.stop();
    server = null;
    await expect
      .poll(async () => {
        await page.goto(`${url}/downloads`).catch(() => {});
        return page.getByRole('heading', { level: 1 }).first().textContent({ timeout: 5_000 }).catch(() => null);
      }, { timeout: 30_000, interval: 1_000 })
      .toBe('Downloads');
    await page.getByRole('link', { name: 'Play' }).click();
    await page.waitForFunction(() => {
      const v = document.querySelector('[data-testid="offline-video"]') as HTMLVideoElement | null;
      return !!v && !v.error && v.currentTime > 5;
    }, undefined, { timeout: 90_000 });
    const playUrl = page.url();
    expect(new URL(playUrl).pathname).toMatch(/^\/downloads\/[0-9a-f-]{36}\/play$/);

    // The pass ends while the device is offline; back online, the check-in is refused and the key deleted.
    await seedData(dataDir, async ({ db }) => {
      await db.db.execute(sql`update subscriptions set expires_at = now() - interval '1 hour' where user_id = ${viewerId}`);
    });
    server = await serve(dataDir, port);
    await ctx.setOffline(false);
    await open(page, playUrl);
    await page.getByText('Subscription Required').waitFor();
    await page.getByText('Your subscription has expired. Please subscribe to a plan to continue watching.').waitFor();
    expect(await page.getByTestId('offline-video').count()).toBe(0);
    const keys = await page.evaluate(async () => (await (await caches.open('sobanura-offline')).keys()).map((r) => new URL(r.url).pathname));
    expect(keys.some((k) => k.endsWith('/key'))).toBe(false);
    await ctx.close();
  }, 400_000);

  it('refuses a viewer whose downloads are used up, with the quota text', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    ctx.setDefaultTimeout(60_000);
    const page = await signIn(ctx, FULL);
    await open(page, `${server!.url}/downloads?add=${movieId}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('0 of 10 downloads left').waitFor();
    await dialog.getByText('You have used all 10 downloads of your pass.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Download', exact: true }).isDisabled()).toBe(true);
    const api = await page.request.post(`${server!.url}/api/offline`, { headers: { origin: server!.url }, data: { id: movieId } });
    expect(api.status()).toBe(403);
    expect((await api.json()).error.code).toBe('download_limit_reached');
    await ctx.close();
  }, 120_000);
});
