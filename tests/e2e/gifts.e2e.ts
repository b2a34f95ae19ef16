/**
 * Gifts (docs/decisions/046-gifts.md) in Debian's Chromium, with the sandbox mobile money and the outbox (the embedded
 * default for mail, ADR 021):
 * - a signed-in giver buys a Daily Pass as a gift for an email on /subscribe ("Buy as a gift"); the success step
 *   names the masked recipient, /billing lists it under "Gifts you sent" as sent, and the giver's own pass is
 *   unchanged (none);
 * - the recipient (another account) opens the link of the mail, read from the outbox through the admin API, claims
 *   the gift at /gift?code=… and has the pass; claiming it again is refused;
 * - a gift bought for a phone number (through the API, the sandbox approving it) is claimed from the SMS's link by a
 *   visitor with no account, who makes one in the /gift form (ADR 046 amended 2026-11-29) and has the pass.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const BOSS = { email: 'boss-gifts@sobanura.test', password: 'boss-gifts-pass' };
const GIVER = { email: 'giver@sobanura.test', password: 'giver-pass-2026' };
const RECIPIENT = { email: 'aline@sobanura.test', password: 'aline-pass-2026' };

/** The session cookie of `who`, signed in through the API. */
async function apiCookie(server: E2eServer, who: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${server.url}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** The outbox read through the API as the super admin: each message's recipient and text. */
async function outbox(server: E2eServer): Promise<{ to: string; body: string }[]> {
  const cookie = await apiCookie(server, BOSS);
  const res = await fetch(`${server.url}/api/admin/outbox`, { headers: { cookie } });
  return ((await res.json()) as { items: { to: string; body: string }[] }).items;
}

describe('a pass bought as a gift and claimed by its recipient', () => {
  let server: E2eServer;
  let browser: Browser;
  let link = '';

  beforeAll(async () => {
    server = await startServer({ SANDBOX_APPROVAL_SECONDS: '1' });
    await Promise.all([
      server.cli('user', 'create', '--email', BOSS.email, '--password', BOSS.password, '--role', 'super_admin'),
      server.cli('user', 'create', '--email', GIVER.email, '--password', GIVER.password),
      server.cli('user', 'create', '--email', RECIPIENT.email, '--password', RECIPIENT.password),
    ]);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A new browser context with `who` signed in through the login form. */
  async function signedIn(who: { email: string; password: string }): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await open(page, `${server.url}/login`);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('greeting').waitFor({ state: 'attached' });
    return page;
  }
  const passOf = async (page: Page) => (await (await page.request.get(`${server.url}/api/accounts/me`)).json()).pass ?? null;

  it('buys a Daily Pass as a gift for an email: the success step names the recipient, /billing lists it, the giver has no pass', async () => {
    const page = await signedIn(GIVER);
    await open(page, `${server.url}/subscribe`);
    await page.getByRole('button', { name: 'Choose Daily Pass' }).click();
    const dialog = page.getByTestId('subscribe-dialog');
    await dialog.and(page.locator('[data-step="payment"]')).waitFor();
    await dialog.getByLabel('Buy as a gift').check();
    await dialog.getByLabel('Their email address').fill(RECIPIENT.email);
    await dialog.getByLabel('MTN Mobile Money or Airtel Money number').fill('0788123456');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    // The page reloads to ?paid= after the sandbox approves, and opens on the gift's success step.
    const sent = page.getByTestId('gift-sent');
    await sent.waitFor({ timeout: 30_000 });
    await expect(sent.textContent()).resolves.toContain('Your Daily Pass gift was sent to a***@sobanura.test.');
    expect(await passOf(page)).toBeNull();

    await open(page, `${server.url}/billing`);
    const row = page.getByTestId('gift-row');
    await row.waitFor();
    await expect(row.getAttribute('data-status')).resolves.toBe('sent');
    await expect(row.textContent()).resolves.toMatch(/Daily Pass.*Sent.*To a\*\*\*@sobanura\.test/);
    await expect(page.getByTestId('current-pass').textContent()).resolves.toContain('You have no pass yet.');

    const mail = (await outbox(server)).find((m) => m.to === RECIPIENT.email);
    link = /https?:\/\/\S+\/gift\?code=[A-Z0-9-]+/.exec(mail?.body ?? '')?.[0] ?? '';
    expect(link).toContain(`${server.url}/gift?code=`);
  });

  it('the recipient claims it from the link and has the pass; a second claim is refused', async () => {
    const page = await signedIn(RECIPIENT);
    await open(page, link);
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.getByTestId('gift-claimed').getByText('Daily Pass added to your account').waitFor();
    expect(await passOf(page)).toMatchObject({ plan: 'daily', active: true });

    await open(page, link);
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.getByText('This gift has already been claimed.').waitFor();
  });

  it('a gift bought for a phone number is claimed by a new account made in the /gift form', async () => {
    const cookie = await apiCookie(server, GIVER);
    const headers = { cookie, 'content-type': 'application/json' };
    const created = await fetch(`${server.url}/api/billing/payments`, { method: 'POST', headers, body: JSON.stringify({ plan: 'weekly', phone: '0788123456', gift: { phone: '0781239876' } }) });
    expect(created.status).toBe(202);
    const { payment } = (await created.json()) as { payment: { id: string } };
    for (let i = 0; i < 40; i++) {
      const res = (await (await fetch(`${server.url}/api/billing/payments/${payment.id}`, { headers })).json()) as { payment: { status: string } };
      if (res.payment.status === 'successful') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const sms = (await outbox(server)).find((m) => m.to === '250781239876');
    const smsLink = /https?:\/\/\S+\/gift\?code=[A-Z0-9-]+/.exec(sms?.body ?? '')?.[0] ?? '';
    expect(smsLink).toContain(`${server.url}/gift?code=`);

    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await open(page, smsLink);
    await page.getByLabel('Full name').fill('Jean Mugabo');
    await page.getByLabel('Email').fill('jean@sobanura.test');
    await page.getByLabel('Password', { exact: true }).fill('jean-pass-2026');
    await page.getByRole('button', { name: 'Create account and claim' }).click();
    await page.getByTestId('gift-claimed').getByText('Weekly Pass added to your account').waitFor();
    expect(await passOf(page)).toMatchObject({ plan: 'weekly', active: true });
    await page.getByTestId('greeting').waitFor({ state: 'attached' });
  });
});
