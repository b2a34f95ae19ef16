/**
 * Card payments (docs/decisions/044-card-payments.md) in Debian's Chromium, on two servers at once:
 * - one with PAYMENT_METHODS=card against the local Flutterwave v3 emulator (its hosted page, its webhook to the
 *   server): an en-US viewer registers, chooses Weekly, pays by card (2.99 USD on the emulator's page), comes back
 *   to the success step with a weekly pass and the payment in USD cents on /api/billing/history, then plays a film;
 *   another viewer cancels on the emulator's page, comes back to "Payment not completed" and has no pass;
 * - on the same server, a viewer's card shows as "Mastercard •••• 2950" on /billing and the receipt, and a super
 *   admin refunds that payment from the panel's Payments tab (docs/product/admin.md §11, ADR 045);
 * - one with the default settings, where Pay by card opens the in-process sandbox page: Decline there brings the
 *   viewer back to "Payment Issue" and no pass.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFlutterwaveEmulator, type FlutterwaveEmulator } from '../../src/server/providers/payments/card/emulators/flutterwave-emulator.js';
import { launchChromium, open, playsPast } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const SECRET_KEY = 'FLWSECK_TEST-e2ecard0123456789abcdef-X';
const SECRET_HASH = 'e2e-card-webhook-secret-hash';
const COCKATOO = '../shared/fixtures/videos/cockatoo.mp4';

describe('paying by card: the processor’s hosted checkout and the sandbox', () => {
  let emulator: FlutterwaveEmulator;
  /** Cards live against the emulator. */
  let live: E2eServer;
  /** The defaults: cards on the in-process sandbox. */
  let sandbox: E2eServer;
  let browser: Browser;
  let movieId = '';

  beforeAll(async () => {
    emulator = await startFlutterwaveEmulator({ secretKey: SECRET_KEY, webhookHash: SECRET_HASH });
    [live, sandbox, browser] = await Promise.all([
      startServer({ PAYMENT_METHODS: 'card', FLW_BASE_URL: emulator.url, FLW_SECRET_KEY: SECRET_KEY, FLW_SECRET_HASH: SECRET_HASH }),
      startServer(),
      launchChromium(),
    ]);
    emulator.setWebhookUrl(`${live.url}/api/billing/callbacks/card`);
    // A premium film with a ready video (the import's defaults), for the new pass to play.
    movieId = (await live.cli('movie', 'import', COCKATOO, '--title', 'Umurage', '--category', 'drama', '--wait')).trim().split('\n')[0]!;
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([live?.stop(), sandbox?.stop()]);
    await emulator?.close();
  });

  const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  const getJson = async (page: Page, server: E2eServer, path: string) => (await page.request.get(`${server.url}${path}`)).json();

  /** A new en-US browser with a viewer registered and signed in through the forms. */
  async function viewer(server: E2eServer, name: string, email: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await open(page, `${server.url}/register`);
    const password = 'card-viewer-pass';
    for (const [label, value] of [['Full name', name], ['Email', email], ['Password', password], ['Confirm password', password]] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('greeting').waitFor({ state: 'attached' });
    return page;
  }

  /** Chooses `plan` on /subscribe and clicks Pay by card on the payment step, which must show `price`. */
  async function payByCard(page: Page, server: E2eServer, plan: 'Daily' | 'Weekly', price: string): Promise<void> {
    await open(page, `${server.url}/subscribe`);
    await page.getByRole('button', { name: `Choose ${plan} Pass` }).click();
    const dialog = page.getByTestId('subscribe-dialog');
    await dialog.and(page.locator('[data-step="payment"]')).waitFor();
    await dialog.getByRole('button', { name: `Pay by card · ${price}` }).click();
  }

  /** Back on /subscribe from a checkout: `?paid=` is read, then taken off the address. */
  async function backOnSubscribe(page: Page, server: E2eServer): Promise<void> {
    await page.waitForURL((url) => url.origin === server.url && url.pathname === '/subscribe' && url.searchParams.has('paid'), { timeout: 30_000 });
    await page.waitForURL((url) => !url.searchParams.has('paid'), { timeout: 30_000 });
  }

  it('pays a Weekly Pass by card on the processor’s page, comes back to the success step and plays a film', async () => {
    const page = await viewer(live, 'Claire Dubois', 'claire@sobanura.test');
    await payByCard(page, live, 'Weekly', '2.99 USD');

    await page.waitForURL((url) => url.origin === emulator.url && url.pathname.startsWith('/checkout/'), { timeout: 30_000 });
    await expect(page.getByTestId('amount').textContent()).resolves.toBe('USD 2.99');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await backOnSubscribe(page, live);
    await page.getByTestId('subscribe-dialog').and(page.locator('[data-step="success"]')).waitFor({ timeout: 30_000 });
    // The success step first looks the payment up among the viewer's gifts (a spinner), then says the pass is on.
    await page.getByRole('link', { name: 'Start Watching' }).waitFor({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Start Watching' }).isVisible()).resolves.toBe(true);
    expect((await getJson(page, live, '/api/accounts/me')).pass).toMatchObject({ plan: 'weekly', active: true });
    const { payments } = await getJson(page, live, '/api/billing/history');
    expect(payments).toMatchObject([{ kind: 'pass', plan: 'weekly', amount: 299, currency: 'USD', provider: 'card', status: 'successful' }]);
    // The processor's webhook reached the server with the right hash and was accepted.
    expect(emulator.webhooks).toHaveLength(1);
    await expect(emulator.webhooks[0]!.delivered).resolves.toBe(200);

    await open(page, `${live.url}/player/${movieId}`);
    await playsPast(page, 1);
    await expect(page.getByText('Subscription Required').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('shows the card as "Mastercard •••• 2950" on /billing and the receipt; a super admin refunds it from the Payments tab', async () => {
    const page = await viewer(live, 'Jean Mugabo', 'mugabo@sobanura.test');
    await payByCard(page, live, 'Daily', '0.99 USD');
    await page.waitForURL((url) => url.origin === emulator.url && url.pathname.startsWith('/checkout/'), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await backOnSubscribe(page, live);
    await page.getByTestId('subscribe-dialog').and(page.locator('[data-step="success"]')).waitFor({ timeout: 30_000 });

    await open(page, `${live.url}/billing`);
    await expect(page.getByTestId('payment-card').first().textContent()).resolves.toBe('Mastercard •••• 2950');
    await page.getByRole('link', { name: 'Receipt', exact: true }).first().click();
    await expect(page.getByTestId('receipt-card').textContent()).resolves.toBe('Mastercard •••• 2950');
    await page.context().close();

    // The super admin finds it in the panel's Payments tab and refunds it after the confirmation.
    const boss = { email: 'boss@sobanura.test', password: 'boss-card-pass-1' };
    await live.cli('user', 'create', '--email', boss.email, '--password', boss.password, '--role', 'super_admin');
    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })).newPage();
    await open(admin, `${live.url}/login`);
    await admin.getByLabel('Email').fill(boss.email);
    await admin.getByLabel('Password', { exact: true }).fill(boss.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByTestId('greeting').waitFor({ state: 'attached' });
    await open(admin, `${live.url}/super-panel-2025?tab=payments`);
    const row = admin.getByTestId('payment-row').filter({ hasText: 'mugabo@sobanura.test' });
    await row.waitFor({ timeout: 30_000 });
    await expect(row.getByTestId('payment-paid-with').textContent()).resolves.toBe('Mastercard •••• 2950');
    await row.getByRole('button', { name: 'Refund' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
    await toast(admin, 'Refunded 0.99 USD.').waitFor({ timeout: 30_000 });
    await row.getByText('Refunded', { exact: true }).waitFor();
    await expect(row.getByRole('button', { name: 'Refund' }).count()).resolves.toBe(0);
    expect(emulator.refunds).toEqual([expect.objectContaining({ amount: 0.99 })]);
    await admin.context().close();
  });

  it('cancels on the processor’s page: "Payment not completed", no pass, no transaction', async () => {
    const page = await viewer(live, 'Jean Tremblay', 'jean@sobanura.test');
    const transactions = emulator.transactions.size;
    await payByCard(page, live, 'Weekly', '2.99 USD');
    await page.waitForURL((url) => url.origin === emulator.url && url.pathname.startsWith('/checkout/'), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await backOnSubscribe(page, live);
    await toast(page, 'Payment not completed').waitFor({ timeout: 30_000 });
    await expect(toast(page, 'Payment not completed').textContent()).resolves.toContain('Nothing was charged.');
    await expect(page.locator('[data-step="success"]').count()).resolves.toBe(0);
    expect((await getJson(page, live, '/api/accounts/me')).pass).toBeNull();
    const { payments } = await getJson(page, live, '/api/billing/history');
    // Left open (a checkout lives 30 minutes): nothing settled it either way.
    expect(payments).toMatchObject([{ plan: 'weekly', amount: 299, currency: 'USD', provider: 'card', status: 'pending' }]);
    expect(emulator.transactions.size).toBe(transactions);
    await page.context().close();
  });

  it('opens the in-process sandbox page by default; Decline there brings the viewer back to "Payment Issue" and no pass', async () => {
    const page = await viewer(sandbox, 'Maria Lopez', 'maria@sobanura.test');
    await payByCard(page, sandbox, 'Daily', '0.99 USD');

    await page.waitForURL((url) => url.origin === sandbox.url && /^\/api\/billing\/card-sandbox\/[0-9a-f]{24}$/.test(url.pathname), { timeout: 30_000 });
    await expect(page.getByTestId('card-amount').textContent()).resolves.toBe('0.99 USD');
    await page.getByRole('button', { name: 'Decline', exact: true }).click();

    await backOnSubscribe(page, sandbox);
    await toast(page, 'Payment Issue').waitFor({ timeout: 30_000 });
    await expect(page.locator('[data-step="success"]').count()).resolves.toBe(0);
    expect((await getJson(page, sandbox, '/api/accounts/me')).pass).toBeNull();
    const { payments } = await getJson(page, sandbox, '/api/billing/history');
    expect(payments).toMatchObject([{ plan: 'daily', amount: 99, currency: 'USD', provider: 'card', status: 'failed' }]);
    await page.context().close();
  });
});
