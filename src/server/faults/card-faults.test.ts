/**
 * The server killed with SIGKILL around a card payment's webhook (docs/decisions/044-card-payments.md), on PGlite and
 * on PostgreSQL, against the Flutterwave emulator with PAYMENT_METHODS=card. The payer pays on the hosted page, the
 * processor's webhook reaches the server and the server is killed at once (before or after it settled: the test
 * does not choose); the webhook is sent again while it is down. After the restart the reconciliation, a doubled
 * webhook and the payer's return race. The payment settles exactly once: one successful row, one daily pass of one
 * day.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLANS } from '../../shared/domain/plans.js';
import { startFlutterwaveEmulator, type FlutterwaveEmulator } from '../providers/payments/card/emulators/flutterwave-emulator.js';
import { describeEachDb, waitFor } from '../test/harness.js';
import { createFaultSite, type FaultSite } from './support/child-server.js';
import { api, signedIn } from './support/site-client.js';

const SECRET_KEY = 'FLWSECK_TEST-faults0c1d2e3f4a5b6c7d8e9f0a1b2c-X';
const SECRET_HASH = 'faults-webhook-hash-2b7c9d';
const DAY_SECONDS = PLANS.daily.durationSeconds;

interface Payment {
  id: string;
  status: 'pending' | 'successful' | 'failed';
  settledAt: string | null;
}

describeEachDb('faults: the server killed between a card webhook and its settlement', (kind) => {
  let site: FaultSite;
  let flw: FlutterwaveEmulator;

  beforeAll(async () => {
    flw = await startFlutterwaveEmulator({ secretKey: SECRET_KEY, webhookHash: SECRET_HASH });
    site = await createFaultSite(kind, { PAYMENT_METHODS: 'card', PAYMENT_TIMEOUT_SECONDS: '3', FLW_BASE_URL: flw.url, FLW_SECRET_KEY: SECRET_KEY, FLW_SECRET_HASH: SECRET_HASH });
    flw.setWebhookUrl(`${site.url}/api/billing/callbacks/card`);
    await site.start();
  }, 150_000);
  afterAll(async () => {
    await site?.dispose();
    await flw?.close();
  }, 60_000);

  const payment = async (cookie: string, id: string) => (await api<{ payment: Payment }>(site, cookie, 'GET', `/api/billing/payments/${id}`)).payment;

  it('settles the card payment once after the restart, whatever the kill interrupted', { timeout: 240_000 }, async () => {
    const viewer = await signedIn(site);
    const { payment: p } = await api<{ payment: Payment; checkoutUrl: string }>(site, viewer, 'POST', '/api/billing/card-checkouts', { plan: 'daily' }, 201);
    const session = [...flw.sessions.values()].find((s) => s.redirectUrl.includes(p.id))!;
    // The payer pays; the emulator posts the webhook to the server, which is killed right after it arrives.
    const { transactionId, redirect } = flw.pay(session.id, 'successful');
    await flw.webhooks.at(-1)!.delivered;
    await site.kill9();
    // The processor retries its webhook while the server is down: nobody answers.
    expect(await flw.sendWebhook(transactionId!).delivered).toBeNull();

    await site.start();
    const back = new URL(redirect);
    const race = await Promise.all([
      flw.sendWebhook(transactionId!).delivered,
      flw.sendWebhook(transactionId!).delivered,
      fetch(`${site.url}${back.pathname}${back.search}`, { redirect: 'manual' }).then((r) => r.status),
      payment(viewer, p.id),
    ]);
    expect(race.slice(0, 3)).toEqual([200, 200, 303]);
    const settled = await waitFor(async () => {
      const now = await payment(viewer, p.id);
      return now.status !== 'pending' ? now : null;
    }, 60);
    expect(settled.status).toBe('successful');
    const me = await api<{ pass: { plan: string; active: boolean; expiresAt: string } | null }>(site, viewer, 'GET', '/api/accounts/me');
    expect(me.pass).toMatchObject({ plan: 'daily', active: true });
    expect((Date.parse(me.pass!.expiresAt) - Date.parse(settled.settledAt!)) / 1000 / DAY_SECONDS).toBeCloseTo(1, 2);

    expect(await site.stop()).toBe(0);
    const rows = await site.sql(`select p.status, p.amount, p.currency, (select count(*)::int from subscriptions s where s.user_id = p.user_id) as passes from payments p`);
    expect(rows).toEqual([{ status: 'successful', amount: 99, currency: 'USD', passes: 1 }]);
  });
});
