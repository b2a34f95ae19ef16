/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). CHROMIUM_PATH overrides the path.
 */
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
}

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
