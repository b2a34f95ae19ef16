/**
 * Forms drawn on the server work on the first tap, before (or without) the app's JavaScript
 * (docs/decisions/024-forms-before-hydration.md), in Debian's Chromium against the real build:
 * - the app's scripts blocked (every /assets/*.js request aborted): register, a wrong password sent back with the
 *   error and without the password, sign in to the page asked for, search, and the contact form, each by one tap;
 *   the button shows its busy text once the browser sends the form, and a second tap on it sends nothing more;
 * - the same for account recovery: forgot password by email, the link from the outbox, a new password refused and
 *   then taken;
 * - the app's scripts held back until after the tap, then let through: the tap is sent once (one message stored),
 *   the page it leads to is drawn, and the app then starts on it;
 * - a voucher (docs/decisions/042-vouchers.md) made with `sobanura voucher create`: redeemed at /redeem by one tap
 *   with the scripts blocked, the same code refused as used, then, with the app loaded, a mistyped code refused in
 *   the browser (no request) and a second code redeemed, the pass then listed on /billing.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const ADMIN = { email: 'admin-forms@sobanura.test', password: 'admin-forms-pass' };
const VIEWER = { email: 'forms@sobanura.test', password: 'forms-viewer-2026' };
const BOSS = { email: 'boss-forms@sobanura.test', password: 'boss-forms-pass' };

/** The outbox (the embedded default for mail and SMS, ADR 021), read through the API as the super admin. */
async function outbox(server: E2eServer): Promise<{ to: string; body: string }[]> {
  const login = await fetch(`${server.url}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BOSS) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const res = await fetch(`${server.url}/api/admin/outbox`, { headers: { cookie } });
  return ((await res.json()) as { items: { to: string; body: string }[] }).items;
}

/** The admin's inbox, read through the API with a session made by a JSON sign-in. */
async function inbox(server: E2eServer): Promise<{ subject: string; email: string }[]> {
  const login = await fetch(`${server.url}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const res = await fetch(`${server.url}/api/admin/messages`, { headers: { cookie } });
  return ((await res.json()) as { items: { subject: string; email: string }[] }).items;
}

/** Counts the POSTs the page sends to `path`. */
function countPosts(page: Page, path: string): { n: number } {
  const count = { n: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path) count.n += 1;
  });
  return count;
}

describe('forms before the app has loaded', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    await server.cli('user', 'create', '--email', ADMIN.email, '--password', ADMIN.password, '--role', 'admin');
    await server.cli('user', 'create', '--email', BOSS.email, '--password', BOSS.password, '--role', 'super_admin');
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('with the app’s scripts blocked: register, a refused sign-in, sign-in, search and contact each work on one tap', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();

    // Register: one tap, the sign-in page says the account is made and has the address filled in.
    await page.goto(`${server.url}/register`);
    await page.fill('#register-fullName', 'Forms Viewer');
    await page.fill('#register-email', VIEWER.email);
    await page.fill('#register-password', VIEWER.password);
    await page.fill('#register-confirmPassword', VIEWER.password);
    await page.click('button[type=submit]');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('registered') === '1');
    await expect.poll(() => page.textContent('[role=status]')).toContain('Your account is ready');
    expect(await page.inputValue('#login-email')).toBe(VIEWER.email);

    // A wrong password: back on /login with the translated error, the address kept, the password not.
    await page.fill('#login-password', 'not-the-password');
    await page.click('button[type=submit]');
    await page.waitForURL((u) => u.searchParams.get('error') === 'invalid_credentials');
    expect(page.url()).not.toContain('not-the-password');
    expect(await page.textContent('form [role=alert]')).toContain('Invalid email or password.');
    expect([await page.inputValue('#login-email'), await page.inputValue('#login-password')]).toEqual([VIEWER.email, '']);

    // Sign in, coming from a protected page (next). First the feedback: the browser's submission is caught at the
    // window (after the drawn page's own script has seen it), so the busy state can be looked at: the button says
    // "Signing in...", and a second tap on the busy form is dropped by that script before it goes anywhere.
    await page.goto(`${server.url}/login?next=%2Fwatchlist`);
    const posts = countPosts(page, '/api/accounts/login');
    await page.fill('#login-email', VIEWER.email);
    await page.fill('#login-password', VIEWER.password);
    const form = 'form[action="/api/accounts/login"]';
    await page.evaluate(() => {
      const w = window as unknown as { seen: boolean[]; hold: (e: Event) => void };
      w.seen = [];
      w.hold = (e) => {
        w.seen.push(e.defaultPrevented);
        e.preventDefault();
      };
      addEventListener('submit', w.hold);
    });
    await page.click(`${form} button[type=submit]`);
    expect(await page.getAttribute(form, 'aria-busy')).toBe('true');
    expect(await page.locator(`${form} button >> text=Signing in...`).isVisible()).toBe(true);
    expect(await page.locator(`${form} button >> text=Sign in`).first().isVisible()).toBe(false);
    await page.evaluate((f) => (document.querySelector(`${f} button[type=submit]`) as HTMLButtonElement).click(), form);
    expect(await page.evaluate(() => (window as unknown as { seen: boolean[] }).seen)).toEqual([false, true]);
    // Then the real tap: the viewer lands on the page asked for, signed in, after one post.
    await page.evaluate((f) => {
      removeEventListener('submit', (window as unknown as { hold: (e: Event) => void }).hold);
      document.querySelector(f)!.removeAttribute('aria-busy');
    }, form);
    await page.click(`${form} button[type=submit]`);
    await page.waitForURL((u) => u.pathname === '/watchlist');
    expect(posts.n).toBe(1);
    const me = await page.request.get(`${server.url}/api/accounts/me`);
    expect((await me.json()).user.email).toBe(VIEWER.email);

    // Search: Enter in the field loads the catalogue drawn for the query.
    await page.goto(`${server.url}/movies?tab=series`);
    await page.fill('#catalog-search', 'inzira');
    await page.press('#catalog-search', 'Enter');
    await page.waitForURL((u) => u.pathname === '/movies' && u.searchParams.get('q') === 'inzira');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('series');
    expect(await page.inputValue('#catalog-search')).toBe('inzira');

    // Contact: a message too short comes back with its field named; then it is sent and stored.
    await page.goto(`${server.url}/contact`);
    await page.fill('#contact-firstName', 'Aline');
    await page.fill('#contact-lastName', 'Uwase');
    await page.fill('#contact-email', 'aline@sobanura.test');
    await page.fill('#contact-subject', 'Blocked scripts');
    await page.fill('#contact-message', 'short');
    await page.click('form[action="/api/contact"] button[type=submit]');
    await page.waitForURL((u) => u.searchParams.get('error') === 'validation_failed');
    expect(await page.textContent('#contact-message-error')).toContain('at least 10 characters');
    expect(await page.inputValue('#contact-subject')).toBe('Blocked scripts');
    await page.fill('#contact-message', 'My payment went through but I have no pass yet.');
    await page.click('form[action="/api/contact"] button[type=submit]');
    await page.waitForURL((u) => u.pathname === '/contact' && u.searchParams.get('sent') === '1');
    await expect.poll(() => page.textContent('[role=status]')).toContain('Message sent');
    expect((await inbox(server)).filter((m) => m.subject === 'Blocked scripts')).toHaveLength(1);
    await context.close();
  }, 60_000);

  it('with the app’s scripts blocked: forgot password, the emailed link, a refused and then a good new password', async () => {
    const who = { email: 'forgetful@sobanura.test', password: 'old-pass-2026' };
    const made = await fetch(`${server.url}/api/accounts/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fullName: 'Forgetful Viewer', email: who.email, password: who.password, confirmPassword: who.password }) });
    expect(made.status).toBe(201);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();

    await page.goto(`${server.url}/forgot-password`);
    await page.fill('#recovery-email', who.email);
    await page.click('button[type=submit]');
    await page.waitForURL((u) => u.searchParams.get('sent') === 'email');
    expect(await page.textContent('[data-testid=recovery-sent]')).toContain(`If an account uses ${who.email}`);

    let link: string | undefined;
    await expect.poll(async () => (link = /\/reset-password\?token=[A-Za-z0-9_-]+/.exec((await outbox(server)).find((m) => m.to === who.email)?.body ?? '')?.[0])).toBeTruthy();
    await page.goto(`${server.url}${link!}`);
    // Too short: back with the error under the field, the token kept so the same link still works.
    await page.fill('#reset-password', 'abc');
    await page.fill('#reset-confirmPassword', 'abc');
    await page.click('button[type=submit]');
    await page.waitForURL((u) => u.searchParams.get('error') === 'weak_password' && u.searchParams.has('token'));
    const back = new URL(page.url()).searchParams;
    expect([back.has('password'), back.has('confirmPassword'), [...back.values()].includes('abc')]).toEqual([false, false, false]);
    expect(await page.getAttribute('#reset-password', 'aria-invalid')).toBe('true');
    await page.fill('#reset-password', 'New-Pass-Kibuye-2026');
    await page.fill('#reset-confirmPassword', 'New-Pass-Kibuye-2026');
    await page.click('button[type=submit]');
    await page.waitForURL((u) => u.searchParams.get('done') === '1');
    await page.waitForSelector('[data-testid=reset-done]');

    const signIn = (password: string) => fetch(`${server.url}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who.email, password }) });
    expect((await signIn('New-Pass-Kibuye-2026')).status).toBe(200);
    expect((await signIn(who.password)).status).toBe(401);
    await context.close();
  }, 60_000);

  it('with the app’s scripts arriving late: the tap made before they ran is sent exactly once', async () => {
    const context = await browser.newContext();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let scriptsAsked = 0;
    await context.route('**/assets/*.js', async (route) => {
      scriptsAsked += 1;
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    const posts = countPosts(page, '/api/contact');
    await page.goto(`${server.url}/contact`);
    await page.fill('#contact-firstName', 'Keza');
    await page.fill('#contact-lastName', 'Mugisha');
    await page.fill('#contact-email', 'keza@sobanura.test');
    await page.fill('#contact-subject', 'Late scripts');
    await page.fill('#contact-message', 'Sent before the app was ready, once.');
    await expect.poll(() => scriptsAsked).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
    await page.click('form[action="/api/contact"] button[type=submit]');
    release();
    await page.waitForURL((u) => u.searchParams.get('sent') === '1');
    await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 30_000 });
    await expect.poll(() => page.textContent('[role=status]')).toContain('Message sent');
    expect(posts.n).toBe(1);
    expect((await inbox(server)).filter((m) => m.subject === 'Late scripts')).toHaveLength(1);
    await context.close();
  }, 60_000);

  it('redeems a voucher at /redeem, before the app has loaded and after', async () => {
    const codes = (await server.cli('voucher', 'create', '--plan', 'weekly', '--count', '2', '--batch', 'e2e-agent'))
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => /^[2-9A-Z]{5}-[2-9A-Z]{5}-[2-9A-Z]{5}$/.test(l));
    expect(codes).toHaveLength(2);
    const buyer = { email: 'voucher-buyer@sobanura.test', password: 'voucher-buyer-2026' };
    await server.cli('user', 'create', '--email', buyer.email, '--password', buyer.password, '--role', 'user');

    // Scripts blocked: sign in for /redeem, then one tap on Redeem adds the pass.
    const bare = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await bare.route('**/assets/*.js', (route) => route.abort());
    const page = await bare.newPage();
    await page.goto(`${server.url}/login?next=/redeem`);
    await page.fill('#login-email', buyer.email);
    await page.fill('#login-password', buyer.password);
    await page.click('button[type=submit]');
    await page.waitForURL((u) => u.pathname === '/redeem');
    expect(await page.getByLabel('Voucher code').count()).toBe(1);
    const posts = countPosts(page, '/api/vouchers/redeem');
    await page.getByLabel('Voucher code').fill(codes[0]!.toLowerCase().replaceAll('-', ' '));
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.waitForURL((u) => u.pathname === '/redeem' && u.searchParams.get('redeemed') === 'weekly');
    await expect.poll(() => page.textContent('[data-testid=voucher-redeemed]')).toContain('added');
    expect(posts.n).toBe(1);

    // The same code again: refused as used, in words.
    await page.goto(`${server.url}/redeem`);
    await page.getByLabel('Voucher code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.waitForURL((u) => u.pathname === '/redeem' && u.searchParams.has('error'));
    await expect.poll(() => page.textContent('main')).toMatch(/already been used/);
    await bare.close();

    // With the app loaded: a mistyped code is caught in the browser, then the second code is redeemed.
    const full = await browser.newContext();
    const app = await full.newPage();
    await app.goto(`${server.url}/login?next=/redeem`);
    await app.waitForSelector('html[data-ready]', { state: 'attached', timeout: 30_000 });
    await app.fill('#login-email', buyer.email);
    await app.fill('#login-password', buyer.password);
    await app.click('button[type=submit]');
    await app.waitForURL((u) => u.pathname === '/redeem');
    await app.waitForSelector('html[data-ready]', { state: 'attached', timeout: 30_000 });
    const appPosts = countPosts(app, '/api/vouchers/redeem');
    const good = codes[1]!;
    const last = good.at(-1)!;
    const typo = good.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    await app.getByLabel('Voucher code').fill(typo);
    await app.getByRole('button', { name: 'Redeem' }).click();
    await expect.poll(() => app.textContent('#voucher-code-error')).toMatch(/typo/);
    expect(appPosts.n).toBe(0);
    await app.getByLabel('Voucher code').fill(good);
    await app.getByRole('button', { name: 'Redeem' }).click();
    await app.getByTestId('voucher-redeemed').waitFor();
    expect(appPosts.n).toBe(1);
    await app.goto(`${server.url}/billing`);
    await expect.poll(() => app.textContent('main')).toMatch(/Weekly/);
    await full.close();
  }, 120_000);
});
