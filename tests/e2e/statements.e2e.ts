/**
 * Translators' money in Debian's Chromium (docs/product/admin.md §14 and "Payouts"; ADR 051, ADR 052): last month, a
 * viewer paid a weekly pass through mobile money and watched a translator's film (the settled payment and the ledger's
 * minutes are seeded in that month through the server's services before it starts: a month closes only once it is
 * over). The super admin opens the Statements tab on last month, sees the translator's amount, closes the month after
 * the confirmation, runs the payouts through the sandbox: the translator's number is not registered, so the payout
 * fails with that reason in words; the super admin corrects the number and retries, and the payout is paid. The
 * translator then sees the statement (and opens their printable page) and the paid payout at /studio.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, open, signIn } from './support/browser.js';
import { seedData } from './support/seed.js';
import { startServer, type E2eServer } from './support/server.js';

const BOSS = { email: 'boss@sobanura.test', password: 'boss-pass-1' };
const NARRATOR = { email: 'kimomo@sobanura.test', password: 'kimomo-pass-1' };
const WATCHER = { email: 'watcher@sobanura.test', password: 'watcher-pass-1' };
const FILM = 'Inkuru y’Ubuzima';

/** The calendar month (UTC) before this one, `YYYY-MM`, and an instant on its `day`. */
function lastMonth(): { month: string; at: (day: number, hour?: number) => Date } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
  return { month, at: (day, hour = 10) => new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day, hour)) };
}

/** Accounts, the translator (number 0780000001: the sandbox's "not registered"), the film, last month's payment and minutes. */
async function seed(dataDir: string, month: ReturnType<typeof lastMonth>) {
  return seedData(dataDir, async ({ services, db }) => {
    const { payments, viewingMinutes } = await import('../../src/server/db/schema/index.js');
    await services.accounts.register({ fullName: 'Boss', email: BOSS.email, password: BOSS.password }, 'super_admin');
    await services.accounts.register({ fullName: 'Rocky Kimomo', email: NARRATOR.email, password: NARRATOR.password });
    const watcher = await services.accounts.register({ fullName: 'Watcher', email: WATCHER.email, password: WATCHER.password });
    const watcherId = watcher.id;
    // The translator's email is the narrator's account: linked, it becomes a translator's (ADR 047).
    const { translator } = await services.translatorAdmin.create({ name: 'Rocky Kimomo', bio: '', photoUrl: null, email: NARRATOR.email, phone: '0780000001' }, null, 'en');
    const film = await services.catalog.create({ title: FILM, category: 'drama', isPremium: true, translatorId: translator.id });
    // A weekly pass of 5,000 RWF settled on the 2nd, all of it inside last month; 45 minutes of the film on the 3rd.
    await db.db.insert(payments).values({ userId: watcherId, kind: 'pass', plan: 'weekly', amount: 5000, currency: 'RWF', provider: 'mtn', msisdn: '250788555111', providerReference: randomUUID(), status: 'successful', settledAt: month.at(2), expiresAt: month.at(9) });
    for (let m = 0; m < 45; m++) {
      const minute = new Date(month.at(3).getTime() + m * 60_000);
      await db.db.insert(viewingMinutes).values({ userId: watcherId, itemId: film.id, kind: 'movie', titleId: film.id, minute, secondsMask: (1n << 60n) - 1n, seconds: 60 });
    }
    return { film: film.id };
  });
}

describe('statements and payouts', () => {
  const month = lastMonth();
  let server: E2eServer;
  let browser: Browser;

  const signedInPage = async (who: { email: string; password: string }): Promise<Page> => {
    const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(p, server.url, who);
    return p;
  };

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-statements-e2e-'));
    await seed(dataDir, month);
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the super admin closes last month, pays the translator after correcting their number, and the translator sees it at /studio', async () => {
    const boss = await signedInPage(BOSS);
    await open(boss, `${server.url}/super-panel-2025?tab=statements`);
    await boss.getByRole('heading', { name: 'Monthly statements' }).waitFor({ timeout: 60_000 });
    expect(await boss.getByLabel('Month', { exact: true }).inputValue()).toBe(month.month);
    await boss.getByText('Open: a preview, the figures may still change').waitFor();
    const row = boss.getByTestId('statement-row').filter({ hasText: 'Rocky Kimomo' });
    // 5,000 RWF less the 30 % platform share: 3,500 RWF, 45 minutes of the film.
    await expect.poll(() => row.getByTestId('statement-amount').textContent()).toBe('3,500 RWF');
    await row.getByText(`${FILM}: 3,500 RWF (100.00 % share)`).waitFor();
    await row.getByText('45.00').waitFor();

    await boss.getByRole('button', { name: 'Close month' }).click();
    await boss.getByRole('alertdialog').getByRole('button', { name: 'Close month' }).click();
    await boss.getByText(/^Closed on /).waitFor();

    // The page admins print for the translator.
    const href = await row.getByRole('link', { name: 'Printable statement of Rocky Kimomo' }).getAttribute('href');
    const printed = await boss.request.get(`${server.url}${href}`);
    expect(printed.status()).toBe(200);
    expect(await printed.text()).toContain('statement for Rocky Kimomo');

    await boss.getByRole('button', { name: 'Run payouts' }).click();
    await boss.getByRole('alertdialog').getByRole('button', { name: 'Run payouts' }).click();
    const payout = boss.getByTestId('payout-row').filter({ hasText: 'Rocky Kimomo' });
    await payout.and(boss.locator('[data-status="failed"]')).waitFor();
    await payout.getByText('This number has no mobile-money account.').waitFor();
    await payout.getByRole('button', { name: 'Correct the number of Rocky Kimomo and retry' }).click();
    const dialog = boss.getByRole('dialog');
    await dialog.getByLabel('Mobile-money number').fill('0788 123 456');
    await dialog.getByRole('button', { name: 'Save and retry' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The failed attempt stays listed as retried; the new one is paid to the corrected number.
    const paid = boss.locator('[data-testid="payout-row"][data-status="successful"]').filter({ hasText: 'Rocky Kimomo' });
    await paid.waitFor();
    await paid.getByText('+250 788 123 456').waitFor();
    await paid.getByText('3,500 RWF').waitFor();
    await boss.getByTestId('payout-row').filter({ hasText: 'Retried' }).waitFor();
    await boss.close();

    const studio = await signedInPage(NARRATOR);
    await studio.getByTestId('studio-link').first().click();
    await studio.waitForURL(`${server.url}/studio`);
    const statements = studio.getByTestId('studio-statements');
    await statements.waitFor();
    const cells = await statements.locator('tbody tr').first().locator('td').allTextContents();
    expect(cells.slice(1, 3)).toEqual(['45.00', '3,500 RWF']);
    const payoutRow = studio.getByTestId('studio-payouts').locator('tbody tr').first();
    await payoutRow.getByText('Paid').waitFor();
    expect(await payoutRow.getAttribute('data-status')).toBe('successful');
    const own = await statements.getByRole('link', { name: /^Statement of / }).getAttribute('href');
    expect(own).toBe(`/api/studio/statements/${month.month}/page`);
    const page = await studio.request.get(`${server.url}${own}`);
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(FILM);
    // The admin routes stay closed to the translator.
    expect((await studio.request.get(`${server.url}/api/admin/statements/${month.month}`)).status()).toBe(403);
    await studio.close();
  }, 180_000);
});
