/**
 * Playback benchmark (issue 4): wannaworktogether.mp4, ingested through the product, played in Debian's
 * Chromium with the network emulated (Chrome DevTools Protocol Network.emulateNetworkConditions) at
 * "Slow 4G" (1.6 Mb/s down, 150 ms round trip) and at 700 kb/s. For each profile it prints:
 * - time to first frame from navigation to /player/{id}, median and 75th percentile of 10 starts, twice:
 *   "first visit" with a cold browser cache (the page, the app, the signed URL, the playlists and the first
 *   segments all over the emulated network), and "returning viewer" with the app's static files already in
 *   the browser's cache from an earlier visit (HTML, API answers, playlists and video still fetched), and
 *   "Watch Now pressed" with the film's page (/watch/{id}) loaded, timed from the press (what a viewer who
 *   browses to a film and presses play waits);
 * - over 60 s of playback: stalls (a `waiting` event after the first frame) and stalled seconds;
 * - the renditions whose segments were fetched, and the megabytes transferred;
 * and, once, the data cost of the same film per rendition in megabytes per hour, packaged as MPEG-TS (before
 * ADR 026) and as fragmented MP4 (after), with the difference in % (data-cost.ts).
 * Run: npx tsx bench/playback/run.ts   (needs ffmpeg and /usr/bin/chromium; about 5 minutes)
 */
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { startServer } from '../../tests/e2e/support/server.js';
import { costLines, costOf } from './data-cost.js';

const COMMAND = 'npx tsx bench/playback/run.ts';
const SOURCE = path.resolve(process.cwd(), '../shared/fixtures/videos/wannaworktogether.mp4');
const STARTS = 10;
const WATCH_SECONDS = 60;
const VIEWERS = 5;
// The e2e suite's Chromium flags (tests/e2e/support/browser.ts, which registers test hooks and so cannot be
// imported outside vitest).
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'];
const launchChromium = () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });

interface Profile {
  name: string;
  downBitsPerSecond: number;
  upBitsPerSecond: number;
  latencyMs: number;
}
const PROFILES: Profile[] = [
  { name: 'Slow 4G (1.6 Mb/s, 150 ms)', downBitsPerSecond: 1_600_000, upBitsPerSecond: 750_000, latencyMs: 150 },
  { name: '700 kb/s (150 ms)', downBitsPerSecond: 700_000, upBitsPerSecond: 400_000, latencyMs: 150 },
];

/** Installed before any page script: records the first frame and every stall of the page's video element. */
const PROBE = `
  window.__pb = { first: null, stalls: 0, stalledMs: 0, waitingSince: null };
  document.addEventListener('playing', () => {
    const now = performance.now(), pb = window.__pb;
    if (pb.first === null) pb.first = now;
    if (pb.waitingSince !== null) { pb.stalledMs += now - pb.waitingSince; pb.waitingSince = null; }
  }, true);
  document.addEventListener('waiting', () => {
    const pb = window.__pb;
    if (pb.first !== null && pb.waitingSince === null) { pb.stalls++; pb.waitingSince = performance.now(); }
  }, true);
`;

interface Run {
  firstFrameMs: number | null;
  /** When no frame came: what the page said instead (a refusal, an error). */
  failure: string | null;
  stalls: number;
  stalledMs: number;
  renditions: Set<string>;
  bytes: number;
}

async function emulate(page: Page, p: Profile): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: p.latencyMs,
    downloadThroughput: p.downBitsPerSecond / 8,
    uploadThroughput: p.upBitsPerSecond / 8,
  });
  return cdp;
}

type Cookies = Parameters<import('playwright-core').BrowserContext['addCookies']>[0];

/**
 * How a start begins: `cold` opens /player/{id} with an empty browser cache; `warm` opens it with the app's
 * files cached by an earlier visit; `press` is a viewer on the film's page (/watch/{id}, app loaded) pressing
 * Watch Now, timed from the press.
 */
type StartMode = 'cold' | 'warm' | 'press';

async function play(browser: Browser, url: string, cookies: Cookies, p: Profile, watchSeconds: number, mode: StartMode = 'cold'): Promise<Run> {
  const warmApp = mode !== 'cold';
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies(cookies);
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  if (warmApp) {
    // An earlier visit of the player on a fast network, playback refused: the app's hashed files (hls.js too) land
    // in the HTTP cache, no signed URL, playlist or segment does, and no stream session is opened.
    await page.route('**/media/v/**', (r) => r.abort());
    await page.route('**/api/playback/**', (r) => r.abort());
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.unroute('**/media/v/**');
    await page.unroute('**/api/playback/**');
    await page.goto('about:blank');
    await page.waitForTimeout(300);
  }
  const cdp = await emulate(page, p);
  const run: Run = { firstFrameMs: null, failure: null, stalls: 0, stalledMs: 0, renditions: new Set(), bytes: 0 };
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (run.bytes += e.encodedDataLength));
  page.on('request', (r) => {
    // A media segment (MPEG-TS `.ts`, or fMP4 `.m4s` and its `init.mp4`, ADR 026) names its rendition's folder.
    const m = /\/media\/v\/[^/]+\/[^/]+\/([^/]+)\/[^/]+\.(?:ts|m4s|mp4)$/.exec(r.url());
    if (m) run.renditions.add(m[1]!);
  });
  let pressedAt = 0;
  if (mode === 'press') {
    await page.goto(url.replace('/player/', '/watch/'));
    const watchNow = page.getByRole('link', { name: 'Watch Now' }).first();
    await watchNow.waitFor();
    await page.waitForLoadState('networkidle');
    pressedAt = await page.evaluate(() => performance.now());
    run.bytes = 0;
    await watchNow.click();
  } else {
    await page.goto(url);
  }
  await page.waitForFunction(() => (window as unknown as { __pb: { first: number | null } }).__pb.first !== null, undefined, { timeout: 60_000 }).catch(() => null);
  if (watchSeconds > 0) await page.waitForTimeout(watchSeconds * 1000);
  // The probe's clock starts at this navigation (performance.now() of the new document).
  const pb = await page.evaluate(() => (window as unknown as { __pb: { first: number | null; stalls: number; stalledMs: number; waitingSince: number | null } }).__pb);
  run.firstFrameMs = pb.first === null ? null : pb.first - pressedAt;
  if (pb.first === null) run.failure = ((await page.locator('main').innerText().catch(() => '')) || 'no page').replace(/\s+/g, ' ').slice(0, 160);
  run.stalls = pb.stalls;
  run.stalledMs = pb.stalledMs + (pb.waitingSince !== null ? (await page.evaluate(() => performance.now())) - pb.waitingSince : 0);
  // Leave the page as a viewer does (pagehide ends the stream session with a beacon), so the next start is not
  // refused by the pass's device limit while this one's heartbeat lapses.
  await page.goto('about:blank');
  // The beacon is on its way over the emulated network: wait until the server has ended the session (at most
  // 10 s) before the browser context, and any request still in it, is destroyed.
  const origin = new URL(url).origin;
  for (let waited = 0; waited < 10_000; waited += 250) {
    const open = await context.request.get(`${origin}/api/playback/sessions`).then((r) => r.json() as Promise<{ items: unknown[] }>, () => ({ items: [] }));
    if (open.items.length === 0) break;
    await page.waitForTimeout(250);
  }
  await context.close();
  return run;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};

async function main(): Promise<void> {
  // The data figures first, before the server and the browser take the cores: two transcodes of the film.
  const before = await costOf(SOURCE, 'mpegts');
  const after = await costOf(SOURCE, 'fmp4');
  const server = await startServer({ LOG_LEVEL: 'warn' });
  let browser: Browser | null = null;
  try {
    const id = (await server.cli('movie', 'import', SOURCE, '--title', 'Bench film', '--free', '--wait')).trim();
    // Starts rotate over several viewers: one viewer may ask at most PLAYBACK_RATE_LIMIT_PER_MINUTE (10) signed
    // URLs a minute, and the bench starts faster than any person does.
    const viewers: Cookies[] = [];
    for (let i = 0; i < VIEWERS + PROFILES.length; i++) {
      const email = `bench${i}@sobanura.test`;
      await server.cli('user', 'create', '--email', email, '--password', 'bench-pass');
      const login = await fetch(`${server.url}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-pass' }) });
      const [name, value] = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=');
      viewers.push([{ name: name!, value: value!, url: server.url }]);
    }
    browser = await launchChromium();
    const url = `${server.url}/player/${id}`;

    console.log('Sobanura playback bench');
    console.log(`command:  ${COMMAND}`);
    console.log(`machine:  ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, node ${process.version}, Chromium ${browser.version()}`);
    console.log(`film:     ${path.basename(SOURCE)} (180 s, 480x352), ladder as ingested; ${STARTS} cold starts and ${WATCH_SECONDS} s of playback per profile\n`);
    console.log('Data per hour of each rendition (segments and init segment over the playlist duration; decimal MB), MPEG-TS before and fMP4 after:');
    for (const line of costLines(before, after)) console.log(line);
    console.log('');
    for (const p of PROFILES) {
      console.log(p.name);
      for (const mode of ['cold', 'warm', 'press'] as const) {
        const starts: Run[] = [];
        for (let i = 0; i < STARTS; i++) starts.push(await play(browser, url, viewers[i % VIEWERS]!, p, 0, mode));
        const ttff = starts.map((r) => r.firstFrameMs).filter((x): x is number => x !== null);
        const label = { cold: 'first visit (cold cache)', warm: 'returning viewer (app cached)', press: 'Watch Now pressed on the film page' }[mode];
        const figures = ttff.length ? `median ${(quantile(ttff, 0.5) / 1000).toFixed(2)} s, p75 ${(quantile(ttff, 0.75) / 1000).toFixed(2)} s` : 'no start';
        console.log(`  time to first frame, ${label}: ${figures} (${ttff.length}/${STARTS} started), ${(starts.reduce((a, r) => a + r.bytes, 0) / starts.length / 1e6).toFixed(2)} MB per start`);
        for (const r of starts) if (r.failure) console.log(`    a start that did not play: ${r.failure}`);
      }
      // A viewer of its own, so the starts above count neither against its rate limit nor its devices.
      const watch = await play(browser, url, viewers[VIEWERS + PROFILES.indexOf(p)]!, p, WATCH_SECONDS, 'warm');
      if (watch.failure) console.log(`  the 60 s watch did not play: ${watch.failure}`);
      console.log(`  over ${WATCH_SECONDS} s: ${watch.stalls} stall(s), ${(watch.stalledMs / 1000).toFixed(2)} s stalled, renditions ${[...watch.renditions].sort().join(', ') || 'none'}, ${(watch.bytes / 1e6).toFixed(2)} MB transferred`);
      console.log('');
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
