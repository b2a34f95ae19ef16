/**
 * The admin panel's Vouchers tab (docs/decisions/042-vouchers.md) in Debian's Chromium: the super admin makes a batch
 * of 3 Weekly Pass codes through the tab's form, sees it listed (3 codes, 0 redeemed) and downloads its CSV; a new
 * viewer, in another browser context, redeems one code at /redeem and gets the pass; after a reload the batch shows
 * 1 redeemed; the admin voids it after the confirmation, and a second code of it is then refused at /redeem.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open, reopen } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const BOSS = { email: 'boss@sobanura.test', password: 'boss-pass' };
const BUYER = { name: 'Mukamana Grace', email: 'grace@sobanura.test', password: 'grace-pass' };
const BATCH = 'Kimironko agents';

describe('the admin panel’s vouchers', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let viewerContext: BrowserContext;
  let viewer: Page;
  let codes: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    await server.cli('user', 'create', '--email', BOSS.email, '--password', BOSS.password, '--role', 'super_admin');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, BOSS);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Signs `who` in on `on` through the login form and waits for the header's greeting. */
  async function signIn(on: Page, who: { email: string; password: string }) {
    await open(on, `${server.url}/login`);
    await on.getByLabel('Email').fill(who.email);
    await on.getByLabel('Password', { exact: true }).fill(who.password);
    await on.getByRole('button', { name: 'Sign in' }).click();
    await on.getByTestId('greeting').waitFor({ state: 'attached' });
  }

  const batchRow = () => page.getByTestId('voucher-batches').getByRole('row').filter({ hasText: BATCH });
  /** The batch row's cells: name, plan, made, expires, state, codes, redeemed, voided. */
  const cells = async () => (await batchRow().getByRole('cell').allTextContents()).map((c) => c.trim());

  it('makes a batch of 3 codes from the Vouchers tab and downloads them as CSV', async () => {
    await open(page, `${server.url}/super-panel-2025`);
    await page.getByRole('tab', { name: 'Vouchers' }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'vouchers');
    await page.getByRole('heading', { name: 'Voucher batches' }).waitFor();
    await page.getByText('No batches yet.').waitFor();

    await page.getByLabel('Plan').selectOption({ label: 'Weekly Pass' });
    await page.getByLabel('Number of codes').fill('3');
    await page.getByLabel('Batch name (optional)').fill(BATCH);
    await page.getByRole('button', { name: 'Make batch' }).click();
    await page.getByText(`Batch ${BATCH} made: 3 codes.`).first().waitFor();
    await batchRow().waitFor();
    const [name, plan, , , state, created, redeemed, voided] = await cells();
    expect({ name, plan, state, created, redeemed, voided }).toEqual({ name: BATCH, plan: 'Weekly Pass', state: 'Active', created: '3', redeemed: '0', voided: '0' });

    const [download] = await Promise.all([page.waitForEvent('download'), batchRow().getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`vouchers-${BATCH}.csv`);
    const lines = readFileSync(await download.path(), 'utf8').trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe('code,plan,batch,expiry');
    expect(lines).toHaveLength(4);
    const rows = lines.slice(1).map((l) => l.split(','));
    for (const r of rows) expect(r.slice(1, 3)).toEqual(['weekly', BATCH]);
    codes = rows.map((r) => r[0]!);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(new Set(codes).size).toBe(3);
  });

  it('a new viewer redeems one code and gets the Weekly Pass; the batch then shows 1 redeemed', async () => {
    expect(codes).toHaveLength(3);
    viewerContext = await browser.newContext({ locale: 'en-US' });
    viewer = await viewerContext.newPage();
    await open(viewer, `${server.url}/register`);
    await viewer.getByLabel('Full name').fill(BUYER.name);
    await viewer.getByLabel('Email').fill(BUYER.email);
    await viewer.getByLabel('Password', { exact: true }).fill(BUYER.password);
    await viewer.getByLabel('Confirm password').fill(BUYER.password);
    await viewer.getByRole('button', { name: 'Create account' }).click();
    await viewer.waitForURL((u) => u.pathname === '/login');
    await signIn(viewer, BUYER);

    await open(viewer, `${server.url}/redeem`);
    await viewer.getByLabel('Voucher code').fill(codes[0]!.toLowerCase());
    await viewer.getByRole('button', { name: 'Redeem' }).click();
    const done = viewer.getByTestId('voucher-redeemed');
    await done.getByRole('heading', { name: 'Weekly Pass added' }).waitFor();
    expect(await done.textContent()).toContain('It runs from now until');
    const history = await (await viewer.request.get(`${server.url}/api/billing/history`)).json();
    expect(history.pass).toMatchObject({ plan: 'weekly', active: true });

    await reopen(page);
    await page.getByRole('tab', { name: 'Vouchers', selected: true }).waitFor();
    await batchRow().waitFor();
    const [, , , , state, created, redeemed, voided] = await cells();
    expect({ state, created, redeemed, voided }).toEqual({ state: 'Active', created: '3', redeemed: '1', voided: '0' });
  });

  it('voids the batch after confirming, and its unused codes are refused at /redeem', async () => {
    await batchRow().getByRole('button', { name: 'Void' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Void batch ${BATCH}? Its 2 unused codes will stop working at once. Passes already added stay.`).waitFor();
    await confirm.getByRole('button', { name: 'Void' }).click();
    await page.getByText(`Batch ${BATCH} voided.`).first().waitFor();
    await confirm.waitFor({ state: 'detached' });
    await batchRow().getByText('Voided', { exact: true }).first().waitFor();
    const [, , , , state, created, redeemed, voided] = await cells();
    expect({ state, created, redeemed, voided }).toEqual({ state: 'Voided', created: '3', redeemed: '1', voided: '2' });
    expect(await batchRow().getByRole('button', { name: 'Void' }).count()).toBe(0);

    await open(viewer, `${server.url}/redeem`);
    await viewer.getByLabel('Voucher code').fill(codes[1]!);
    await viewer.getByRole('button', { name: 'Redeem' }).click();
    await viewer.getByText('This voucher code was cancelled and no longer works. Ask the agent who sold it to you.').waitFor();
    expect(await viewer.getByTestId('voucher-redeemed').count()).toBe(0);
    const history = await (await viewer.request.get(`${server.url}/api/billing/history`)).json();
    expect(history.pass).toMatchObject({ plan: 'weekly', active: true });
    await viewerContext.close();
  });
});
