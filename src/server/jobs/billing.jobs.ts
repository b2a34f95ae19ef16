/**
 * Billing jobs, each once a minute (pg-boss cron schedule):
 * - `reconcile-payments`: asks the provider about every pending payment until it settles or its 300 s
 *   approval window runs out (a lost callback or a crash between request and settlement is settled here), and
 *   now and then about payments in their late-confirmation hour (ADR 008). It also runs once at start, so
 *   payments left pending by a stopped process are settled without waiting for the next minute.
 * - `expire-passes`: where a pass ended and another waits behind it, the best waiting pass takes over from the
 *   instant the other ended (ADR 019; reads already see it); passes with nothing waiting are marked expired
 *   (docs/product/viewer.md §4).
 * No retries: the next minute's run is the retry.
 */
import type PgBoss from 'pg-boss';
import type { BillingService } from '../modules/billing/billing.service.js';

export const RECONCILE_QUEUE = 'reconcile-payments';
export const EXPIRE_QUEUE = 'expire-passes';

export async function registerBillingJobs(boss: PgBoss, billing: BillingService): Promise<void> {
  for (const q of [RECONCILE_QUEUE, EXPIRE_QUEUE]) await boss.createQueue(q);
  await boss.work(RECONCILE_QUEUE, async () => {
    await billing.reconcile();
  });
  await boss.work(EXPIRE_QUEUE, async () => {
    await billing.expirePasses();
  });
  await boss.schedule(RECONCILE_QUEUE, '* * * * *', {}, { retryLimit: 0 });
  await boss.schedule(EXPIRE_QUEUE, '* * * * *', {}, { retryLimit: 0 });
  await boss.send(RECONCILE_QUEUE, {}, { retryLimit: 0, singletonKey: 'at-start' });
}
