/**
 * One language, chosen once (docs/product/viewer.md §4; shared/domain/language-choice.ts): the server picks the
 * page's language from the sobanura-lang cookie, else Accept-Language, else English, and the browser keeps it,
 * writing localStorage and the cookie from it. Before, a French browser got English on a first visit, and a
 * Kinyarwanda cookie with nothing in localStorage drew the page in Kinyarwanda and flipped it to English after
 * hydration, overwriting the cookie.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const BROWSE = { en: 'Browse Movies', fr: 'Parcourir les films', rw: 'Reba filime' } as const;

describe('the page keeps the language the server chose', () => {
  let dataDir: string;
  let server: E2eServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-lang-e2e-'));
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A 360 px phone in `locale`, recording every value `<html lang>` takes from the first paint on. */
  async function phone(locale: string, cookie?: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale, serviceWorkers: 'block' });
    contexts.push(context);
    if (cookie) await context.addCookies([{ name: 'sobanura-lang', value: cookie, url: server.url }]);
    await context.addInitScript(() => {
      const w = window as unknown as { langs: string[] };
      w.langs = [];
      const note = () => w.langs.push(document.documentElement.lang);
      new MutationObserver(note).observe(document, { attributes: true, subtree: true, attributeFilter: ['lang'] });
      document.addEventListener('DOMContentLoaded', note);
    });
    return { context, page: await context.newPage() };
  }

  async function after2s(page: Page, context: BrowserContext) {
    await page.waitForTimeout(2000);
    const cookie = (await context.cookies(server.url)).find((c) => c.name === 'sobanura-lang')?.value;
    const [lang, langs, kept] = await page.evaluate(() => [document.documentElement.lang, (window as unknown as { langs: string[] }).langs, localStorage.getItem('sobanura-lang')] as const);
    return { lang, langs: [...new Set(langs)], kept, cookie };
  }

  it('draws a French browser\'s first visit in French at once, and keeps it: cookie and localStorage written fr', async () => {
    const { context, page } = await phone('fr-FR');
    const res = await page.goto(`${server.url}/`);
    expect(await res!.text()).toContain('<html lang="fr"');
    await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 30_000 });
    await page.getByRole('link', { name: BROWSE.fr }).first().waitFor();
    expect(await after2s(page, context)).toEqual({ lang: 'fr', langs: ['fr'], kept: 'fr', cookie: 'fr' });
    expect(await page.getByRole('link', { name: BROWSE.en }).count()).toBe(0);
  });

  it('keeps Kinyarwanda from the cookie with nothing in localStorage: no flip to English, the cookie stays rw', async () => {
    const { context, page } = await phone('en-US', 'rw');
    await open(page, `${server.url}/movies`);
    await open(page, `${server.url}/`);
    await page.getByRole('link', { name: BROWSE.rw }).first().waitFor();
    expect(await after2s(page, context)).toEqual({ lang: 'rw', langs: ['rw'], kept: 'rw', cookie: 'rw' });
  });

  it('lets the cookie win over a language kept in localStorage before, and over Accept-Language', async () => {
    const { context, page } = await phone('fr-FR', 'rw');
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('sobanura-lang', 'en');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await open(page, `${server.url}/`);
    await page.getByRole('link', { name: BROWSE.rw }).first().waitFor();
    expect(await after2s(page, context)).toEqual({ lang: 'rw', langs: ['rw'], kept: 'rw', cookie: 'rw' });
  });
});
