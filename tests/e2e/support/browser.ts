/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). CHROMIUM_PATH overrides the path.
 *
 * Every browser context made through a browser from `launchChromium` (browser.newContext, browser.newPage) is
 * watched for the whole scenario file:
 * - Content Security Policy: a console message naming "Content Security Policy" (Chromium's report of a refused
 *   script, style or connection; docs/decisions/020-content-security-policy.md) fails the scenario it came in.
 * - Playwright traces (DOM snapshots, console and network, https://playwright.dev/docs/trace-viewer): recorded per
 *   scenario and written to test-results/traces/<file>--<scenario>-<n>.zip only when the scenario failed; open one
 *   with `npx playwright show-trace <zip>`. E2E_TRACES=full adds a screenshot of every step, E2E_TRACES=off records
 *   none. Screenshots are left out by default: they cost about 14 % of a scenario file's CPU time (gifts.e2e.ts:
 *   32.4 CPU-seconds with them, 25.5 without, 27.9 with no trace, 2026-11-29), and the DOM snapshots show the page.
 * Both rest on the `beforeEach` and `afterEach` this module adds to every file that imports it.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'];

/** Where the traces of failed scenarios go. */
export const TRACE_DIR = path.resolve('test-results', 'traces');
const TRACES = process.env.E2E_TRACES ?? 'dom';
const TRACING = TRACES !== 'off';

/** Contexts still open, with their trace chunk running since the current scenario began (or since they were made). */
const watched = new Set<BrowserContext>();
/** Trace files of contexts closed during the current scenario, kept or dropped when it ends. */
const closedTraces: string[] = [];
/** CSP reports seen during the current scenario. */
const cspViolations: string[] = [];
/** True between one scenario's end and the next one's start (afterAll work): nothing recorded then is kept. */
let between = false;
let traceCount = 0;

/** Starts the watch of `context`: CSP reports, tracing, and a `close` that stops tracing first. */
async function watch(context: BrowserContext): Promise<void> {
  context.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) cspViolations.push(`${msg.page()?.url() ?? '(no page)'}: ${msg.text()}`);
  });
  if (!TRACING) return;
  await context.tracing.start({ screenshots: TRACES === 'full', snapshots: true });
  watched.add(context);
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (watched.delete(context)) {
      const file = path.join(os.tmpdir(), `sobanura-trace-${process.pid}-${++traceCount}.zip`);
      const kept = !between && (await context.tracing.stop({ path: file }).then(() => true, () => false));
      if (kept) closedTraces.push(file);
      else await context.tracing.stop().catch(() => undefined);
    }
    return close(options);
  };
}

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
  // browser.newPage makes its context through browser.newContext, so both are watched.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watch(context);
    return context;
  };
  browser.on('disconnected', () => watched.clear());
  return browser;
}

const slug = (s: string) => s.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 80);

beforeEach(() => {
  between = false;
});

afterEach(async (ctx) => {
  const violations = cspViolations.splice(0);
  const failed = ctx.task.result?.state === 'fail' || violations.length > 0;
  const name = `${slug(path.basename(ctx.task.file.name))}--${slug(ctx.task.name)}`;
  let n = 0;
  const target = () => {
    mkdirSync(TRACE_DIR, { recursive: true });
    return path.join(TRACE_DIR, `${name}-${++n}.zip`);
  };
  for (const file of closedTraces.splice(0)) {
    if (failed) renameSync(file, target());
    else rmSync(file, { force: true });
  }
  for (const context of watched) {
    // This scenario's part of a context that lives on (made in beforeAll): kept on failure, and a new part begins.
    await context.tracing.stopChunk(failed ? { path: target() } : undefined).catch(() => undefined);
    await context.tracing.startChunk().catch(() => watched.delete(context));
  }
  between = true;
  if (violations.length) throw new Error(`Content Security Policy violations in the browser:\n${violations.join('\n')}`);
});

/**
 * Opens `url` like `page.goto` and waits until the web app has taken over the page: `<html data-ready>`, set once the
 * first render is on screen (src/web/app/app.tsx). Pages drawn on the server show before their JavaScript runs
 * (docs/decisions/014-server-rendering.md); a click before then would find no handler, as it would for a viewer.
 */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 30_000 });
}

/** `page.reload()`, then waits for the web app as `open` does. */
export async function reopen(page: Page): Promise<void> {
  await page.reload();
  await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 30_000 });
}

/** Waits until the player's video has played past `seconds` (media time) without an error; 90 s at most. */
export async function playsPast(page: Page, seconds: number): Promise<void> {
  await page.getByTestId('player-video').waitFor();
  await page.waitForFunction(
    (s) => {
      const v = document.querySelector('[data-testid="player-video"]') as HTMLVideoElement | null;
      return !!v && !v.error && v.currentTime > s;
    },
    seconds,
    { timeout: 90_000 },
  );
}

/**
 * Signs `who` in through the /login form of the server at `baseUrl`, as a person does (English page), and waits
 * until the header greets them.
 */
export async function signIn(page: Page, baseUrl: string, who: { email: string; password: string }): Promise<void> {
  await open(page, `${baseUrl}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('greeting').waitFor({ state: 'attached' });
}
