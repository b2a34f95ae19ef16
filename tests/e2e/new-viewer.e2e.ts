/**
 * A new viewer on a 360 px phone, in Chromium with the real build (docs/decisions/055-a-new-viewers-findings.md):
 * - registration refuses a phone that is no operator's number under the field, says a taken email once (under the
 *   field, no toast), and then leads to /login with the address filled in and a line saying the account is ready;
 * - the profile refuses an empty name and the phone "abc" under their fields, and keeps what was saved;
 * - Change Password asks for the current password first, marks each field with its own error, refuses a new
 *   password equal to the current one, and shows no toast for any of these;
 * - the download dialog of a viewer without a pass offers View Subscription Plans, which leads to /subscribe;
 * - a used reset link is said to be used as the page opens, before any password is typed, also with the app's
 *   scripts blocked (the page is drawn on the server, ADR 014/024).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open } from './support/browser.js';
import { seedData } from './support/seed.js';
import { startServer, type E2eServer } from './support/server.js';

const BOSS = { email: 'boss-new@sobanura.test', password: 'boss-new-pass-2026' };
const NEWCOMER = { name: 'Mukamana Grace', email: 'grace-new@sobanura.test', password: 'Inzira-ndende-2026' };
const PHONE = { width: 360, height: 740 };

/** The outbox (ADR 021), read as the super admin: the newest mail's reset link. */
async function lastResetLink(server: E2eServer): Promise<string> {
  const login = await fetch(`${server.url}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BOSS) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const items = ((await (await fetch(`${server.url}/api/admin/outbox`, { headers: { cookie } })).json()) as { items: { body: string }[] }).items;
  const link = items.map((m) => /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(m.body)?.[0]).find(Boolean);
  if (!link) throw new Error('no reset link in the outbox');
  return link;
}

/** The text a field is described by when it is marked invalid, else null. */
async function fieldError(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((sel) => {
    const input = document.querySelector(sel);
    if (!input || input.getAttribute('aria-invalid') !== 'true') return null;
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
  }, selector);
}

const toasts = (page: Page) => page.locator('[data-sonner-toast]').count();

describe('a new viewer on a phone', () => {
  let dataDir: string;
  let server: E2eServer;
  let browser: Browser;
  let movieId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-newviewer-e2e-'));
    movieId = await seedData(dataDir, async ({ services, db }) => {
      const { videoAssets } = await import('../../src/server/db/schema/index.js');
      await services.accounts.register({ fullName: 'Boss', email: BOSS.email, password: BOSS.password }, 'super_admin');
      const [asset] = await db.db.insert(videoAssets).values({ status: 'ready', sourceFilename: 'inzira.mp4', durationSeconds: 5400 }).returning();
      const movie = await services.catalog.create({ title: 'Inzira Ndende', category: 'drama', rating: 7, year: 2024, director: 'Uwera', description: 'Filime isobanuye.', videoId: asset!.id });
      return movie.id;
    });
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers: a bad phone and a taken email are said once under their fields, then /login has the address and says the account is ready', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await open(page, `${server.url}/register`);
    await page.getByLabel('Full name').fill(NEWCOMER.name);
    await page.getByLabel('Phone number (optional)').fill('12345');
    await page.getByLabel('Email').fill(NEWCOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
    await page.getByLabel('Confirm password').fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => fieldError(page, '#register-phone')).toContain('Enter a mobile number of MTN or Airtel in Rwanda');
    expect(new URL(page.url()).pathname).toBe('/register');

    await page.getByLabel('Phone number (optional)').fill('0788 123 456');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.inputValue('#login-email')).toBe(NEWCOMER.email);
    await expect.poll(() => page.locator('[role=status]').filter({ hasText: 'Your account is ready' }).count()).toBe(1);

    // The same email again: said under the field, and only there.
    await open(page, `${server.url}/register`);
    await page.getByLabel('Full name').fill(NEWCOMER.name);
    await page.getByLabel('Email').fill(NEWCOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
    await page.getByLabel('Confirm password').fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => fieldError(page, '#register-email')).toBe('An account with this email already exists.');
    await expect.poll(() => page.getByText('An account with this email already exists.').count()).toBe(1);
    expect(await toasts(page)).toBe(0);
    await page.close();
  });

  it('settings: an empty name, "abc" as phone, and the password checks are said under each field, with no toast', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await open(page, `${server.url}/login`);
    await page.getByLabel('Email').fill(NEWCOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('greeting').waitFor({ state: 'attached' });
    await open(page, `${server.url}/settings`);

    await page.getByLabel('Full name').fill('');
    await page.getByLabel('Phone number').fill('abc');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect.poll(() => fieldError(page, '#settings-full-name')).toBe('Full name is required');
    expect(await fieldError(page, '#settings-phone')).toContain('Enter a mobile number of MTN or Airtel');
    expect(await page.getByText('Profile Updated').count()).toBe(0);
    const saved = (await (await page.request.get(`${server.url}/api/accounts/profile`)).json()).profile;
    expect(saved).toMatchObject({ fullName: NEWCOMER.name, phone: '0788 123 456' });

    await page.getByRole('button', { name: 'Change Password' }).click();
    const update = page.getByRole('button', { name: 'Update Password' });
    // Empty: the current password is asked for, and focused.
    await update.click();
    await expect.poll(() => fieldError(page, '#settings-current-password')).toBe('Enter your current password.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('settings-current-password');
    // A wrong current password is said under it, whatever the new one.
    await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('Ishyamba-2026');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Ishyamba-2026');
    await update.click();
    await expect.poll(() => fieldError(page, '#settings-current-password')).toBe('Your current password is incorrect.');
    expect(await fieldError(page, '#settings-new-password')).toBeNull();
    // The same password again is refused under the new one.
    await page.getByLabel('Current password', { exact: true }).fill(NEWCOMER.password);
    await page.getByLabel('New password', { exact: true }).fill(NEWCOMER.password);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEWCOMER.password);
    await update.click();
    await expect.poll(() => fieldError(page, '#settings-new-password')).toBe('Your new password must be different from your current password.');
    expect(await toasts(page)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Download without a pass: the dialog leads to the plans.
    await open(page, `${server.url}/downloads?add=${movieId}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('You need an active subscription').waitFor();
    await dialog.getByRole('link', { name: 'View Subscription Plans' }).click();
    await page.waitForURL((u) => u.pathname === '/subscribe');
    await page.getByTestId('plan-monthly').waitFor();
    await page.close();
  });

  it('a used reset link says so as the page opens, with the app and without its scripts', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await open(page, `${server.url}/forgot-password`);
    await page.getByLabel('Email', { exact: true }).fill(NEWCOMER.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText('Check your email').waitFor();
    let link = '';
    await expect.poll(async () => (link = await lastResetLink(server).catch(() => ''))).not.toBe('');

    // A working link: the form, and nothing spent by opening it.
    await open(page, link);
    await page.getByLabel('New password', { exact: true }).waitFor();
    expect(await page.getByTestId('reset-link-invalid').count()).toBe(0);
    await page.getByLabel('New password', { exact: true }).fill('Ikiyaga-cya-Kivu-2026');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Ikiyaga-cya-Kivu-2026');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByTestId('reset-done').waitFor();

    // The same link again: said at once, no password field, and a way to ask for a new one.
    await open(page, link);
    await page.getByTestId('reset-link-invalid').getByText('This link has expired or has already been used').waitFor();
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Ask for a new link or code' }).click();
    await page.waitForURL((u) => u.pathname === '/forgot-password');
    await page.close();

    // Drawn on the server: the same before (or without) the app's JavaScript.
    const context = await browser.newContext({ viewport: PHONE });
    await context.route('**/assets/*.js', (route) => route.abort());
    const bare = await context.newPage();
    await bare.goto(link);
    await bare.getByTestId('reset-link-invalid').waitFor();
    expect(await bare.locator('#reset-password').count()).toBe(0);
    await context.close();
  });
});
