/**
 * Paying from Uganda (docs/decisions/043-payment-methods-countries-and-currencies.md) in Debian's Chromium, with the
 * sandbox default that offers all four operators (mtn, airtel, mtn-ug, airtel-ug), so /subscribe shows the
 * "Paying from" picker:
 * - a browser whose region is Uganda (en-UG) starts on Uganda without a stored choice, sees UGX prices, pays a
 *   Weekly Pass with an MTN Uganda number (077…) and finds it on /billing and its receipt as 8,000 UGX;
 * - a default (en-US) browser starts on Rwanda in RWF; switching to Uganda shows UGX and is remembered after a
 *   reload; a Rwandan-only number (072…) is refused before any request with Uganda chosen; a not-enough-funds
 *   number fails; +256 70… pays in UGX through Airtel Money Uganda.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open, reopen } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const PAY_COUNTRY_KEY = 'sobanura.payCountry';
const UG_NUMBER_LABEL = 'MTN or Airtel Uganda mobile money number';

describe('paying from Uganda: the country picker, UGX prices and Uganda numbers', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ SANDBOX_APPROVAL_SECONDS: '2' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  /** The country a picker shows (its value and its option's text), once it shows `code` (it switches after hydration). */
  async function pickerShows(page: Page, selector: string, code: 'RW' | 'UG'): Promise<string> {
    const picker = page.locator(selector);
    await picker.waitFor();
    await page.waitForFunction(([s, c]) => (document.querySelector(s!) as HTMLSelectElement | null)?.value === c, [selector, code] as const, { timeout: 10_000 }).catch(() => undefined);
    return picker.evaluate((s: HTMLSelectElement) => `${s.value} ${s.selectedOptions[0]?.textContent ?? ''}`);
  }
  const history = async (page: Page) => (await page.request.get(`${server.url}/api/billing/history`)).json();

  /** A new browser in `locale` with a viewer registered and signed in through the forms. */
  async function viewer(locale: string, who: { name: string; email: string; password: string }): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    const page = await context.newPage();
    await open(page, `${server.url}/register`);
    const fields = { 'Full name': who.name, Email: who.email, Password: who.password, 'Confirm password': who.password };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('greeting').waitFor({ state: 'attached' });
    return page;
  }

  /** Pays what the open payment step shows with the number in its field, then waits for the success step after the reload. */
  async function payAndSucceed(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await toast(page, 'Payment Successful').waitFor({ timeout: 30_000 });
    await page.waitForURL(/[?&]paid=/);
    await page.getByTestId('subscribe-dialog').and(page.locator('[data-step="success"]')).waitFor({ timeout: 30_000 });
    await page.waitForURL((url) => !url.searchParams.has('paid'));
  }

  it('starts a browser in en-UG on Uganda, in UGX, and pays a Weekly Pass with an MTN Uganda number', async () => {
    const page = await viewer('en-UG', { name: 'Nakato Sarah', email: 'sarah@sobanura.test', password: 'viewer-pass' });
    await open(page, `${server.url}/subscribe`);
    await expect(pickerShows(page, '#pay-country', 'UG')).resolves.toBe('UG Uganda');
    await expect(page.getByLabel('Paying from').count()).resolves.toBe(1);
    // The region decided: nothing was stored on the device.
    await expect(page.evaluate((k) => window.localStorage.getItem(k), PAY_COUNTRY_KEY)).resolves.toBeNull();
    const weekly = page.getByTestId('plan-weekly');
    await weekly.getByText('8,000 UGX').waitFor();
    await expect(weekly.getByText(/RWF/).count()).resolves.toBe(0);
    await expect(page.getByTestId('plan-yearly').getByText('220,000 UGX').isVisible()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Choose Weekly Pass' }).click();
    const dialog = page.getByTestId('subscribe-dialog');
    await dialog.and(page.locator('[data-step="payment"]')).waitFor();
    await expect(dialog.getByTestId('payment-price').textContent()).resolves.toBe('8,000 UGX');
    await expect(pickerShows(page, '#payment-country', 'UG')).resolves.toBe('UG Uganda');
    await dialog.getByLabel(UG_NUMBER_LABEL).fill('0772123456');
    await expect(dialog.getByTestId('payment-operator').textContent()).resolves.toBe('This number pays with MTN Mobile Money Uganda');
    await payAndSucceed(page);

    const me = await (await page.request.get(`${server.url}/api/accounts/me`)).json();
    expect(me.pass).toMatchObject({ plan: 'weekly', active: true });
    expect((await history(page)).payments).toMatchObject([{ kind: 'pass', plan: 'weekly', amount: 8000, currency: 'UGX', status: 'successful', operator: 'mtn-ug', msisdnMasked: '256772***456' }]);

    await open(page, `${server.url}/billing`);
    const row = page.getByTestId('payment-row');
    await row.first().waitFor();
    await expect(row.count()).resolves.toBe(1);
    await expect(row.textContent()).resolves.toMatch(/Weekly Pass.*Successful.*256772\*\*\*456.*8,000 UGX/);
    await expect(row.textContent()).resolves.not.toContain('RWF');
    await row.getByRole('link', { name: 'Receipt' }).click();
    await page.waitForURL(/\/billing\/receipts\//);
    await expect(page.getByTestId('receipt-total').textContent()).resolves.toBe('8,000 UGX');

    await open(page, `${server.url}/subscribe`);
    await page.getByTestId('plan-weekly').getByText('8,000 UGX').waitFor();
    await reopen(page);
    await expect(pickerShows(page, '#pay-country', 'UG')).resolves.toBe('UG Uganda');
    await page.getByTestId('plan-weekly').getByText('8,000 UGX').waitFor();
  });

  it('switches a default browser from Rwanda to Uganda, refuses a Rwandan-only number there, and pays +256 70… through Airtel Money Uganda', async () => {
    const page = await viewer('en-US', { name: 'Okello James', email: 'james@sobanura.test', password: 'viewer-pass' });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/billing/payments') posts.push(r.postData() ?? '');
    });
    await open(page, `${server.url}/subscribe`);
    await expect(pickerShows(page, '#pay-country', 'RW')).resolves.toBe('RW Rwanda');
    const weekly = page.getByTestId('plan-weekly');
    await weekly.getByText('3,000 RWF').waitFor();
    await expect(weekly.getByText(/UGX/).count()).resolves.toBe(0);

    await page.getByLabel('Paying from').selectOption('UG');
    await weekly.getByText('8,000 UGX').waitFor();
    await expect(weekly.getByText(/RWF/).count()).resolves.toBe(0);
    await expect(page.getByTestId('plan-daily').getByText('1,500 UGX').isVisible()).resolves.toBe(true);
    await expect(page.evaluate((k) => window.localStorage.getItem(k), PAY_COUNTRY_KEY)).resolves.toBe('UG');
    // The choice is remembered on the device: a reload starts on Uganda, which an en-US browser would not.
    await reopen(page);
    await expect(pickerShows(page, '#pay-country', 'UG')).resolves.toBe('UG Uganda');
    await weekly.getByText('8,000 UGX').waitFor();

    await page.getByRole('button', { name: 'Choose Weekly Pass' }).click();
    const dialog = page.getByTestId('subscribe-dialog');
    await dialog.and(page.locator('[data-step="payment"]')).waitFor();
    await expect(dialog.getByTestId('payment-price').textContent()).resolves.toBe('8,000 UGX');
    const phone = dialog.getByLabel(UG_NUMBER_LABEL);
    // 072 is Airtel's in Rwanda only: read in Uganda it is nobody's number, and nothing is sent.
    await phone.fill('0721234567');
    await expect(dialog.getByTestId('payment-operator').textContent()).resolves.toBe('');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await dialog.locator('#payment-phone-error').getByText('Please enter a valid MTN Uganda number').waitFor();
    await expect(dialog.and(page.locator('[data-step="payment"]')).isVisible()).resolves.toBe(true);
    expect(posts).toEqual([]);
    expect((await history(page)).payments).toEqual([]);

    // An Airtel Uganda wallet without enough money: a payment in UGX that fails with its reason.
    await phone.fill('0750000004');
    await expect(dialog.getByTestId('payment-operator').textContent()).resolves.toBe('This number pays with Airtel Money Uganda');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await toast(page, 'Payment Issue').waitFor({ timeout: 30_000 });
    await expect(toast(page, 'Payment Issue').textContent()).resolves.toContain('Your mobile money balance is too low');
    expect(posts).toHaveLength(1);

    await phone.fill('256701234567');
    await expect(dialog.getByTestId('payment-operator').textContent()).resolves.toBe('This number pays with Airtel Money Uganda');
    await payAndSucceed(page);
    expect(posts).toHaveLength(2);
    expect(JSON.parse(posts[1]!)).toMatchObject({ plan: 'weekly', phone: '256701234567' });

    const { payments } = await history(page);
    expect(payments).toMatchObject([
      { plan: 'weekly', amount: 8000, currency: 'UGX', status: 'successful', operator: 'airtel-ug', msisdnMasked: '256701***567' },
      { plan: 'weekly', amount: 8000, currency: 'UGX', status: 'failed', reason: 'NOT_ENOUGH_FUNDS', operator: 'airtel-ug', msisdnMasked: '256750***004' },
    ]);
    await open(page, `${server.url}/billing`);
    const ok = page.getByTestId('payment-row').and(page.locator('[data-status="successful"]'));
    await ok.waitFor();
    await expect(ok.textContent()).resolves.toMatch(/Weekly Pass.*256701\*\*\*567.*8,000 UGX/);
    const failed = page.getByTestId('payment-row').and(page.locator('[data-status="failed"]'));
    await expect(failed.textContent()).resolves.toMatch(/256750\*\*\*004.*Not enough money in the account\..*8,000 UGX/);
  });
});
