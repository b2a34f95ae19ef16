/**
 * Settling payments by reading them back from their provider, for every method (docs/product/architecture.md §5.4
 * "A payment is settled once"; docs/decisions/008 and 044-card-payments.md). Callbacks, webhooks, the payer's polls
 * and return from a card checkout, and the reconciliation job are only triggers: each asks the provider about the
 * payment (its own amount and currency, and a processor's transaction id when one was named) and settles it through
 * BillingRepository.settle, whose conditional update grants a payment exactly once whatever races with it.
 * - A payment still pending after its window (mobile money 300 s, cards 30 min) is settled as failed, EXPIRED
 *   (REQUEST_FAILED when the provider never heard of it). For an hour after, the provider is still asked now and
 *   then, and a late confirmation (the payer was charged) turns it into a success (ADR 008).
 * Never throws on a provider's failure: the payment stays as it was and is asked about again.
 */
import type { PaymentProviders } from '../../providers/payments/payment-router.js';
import type { BillingRepository, PaymentRow } from './billing.repository.js';
import { EXPIRED_REASON } from './billing.repository.js';
import type { GiftHooks } from './purchase-terms.js';

/** How long after the approval window a provider's late confirmation is still looked for (ADR 008). */
export const LATE_CONFIRMATION_SECONDS = 3600;
/** How often, at most, a payment in its late window is asked about again. */
export const LATE_CHECK_EVERY_SECONDS = 300;
/** Status queries the reconciliation runs at the same time. */
const RECONCILE_CONCURRENCY = 8;

/** The logger of the billing services; never given a number or a token. */
export interface BillingLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Which processor's transaction a webhook or the payer's return named (cards: docs/decisions/044-card-payments.md). */
export interface SettlementHint {
  transactionId?: string;
}

export function createPaymentSettlement(deps: { repo: BillingRepository; providers: PaymentProviders; log: BillingLogger; gifts?: Pick<GiftHooks, 'paid'>; now?: () => Date }) {
  const { repo, providers, log } = deps;
  const now = deps.now ?? (() => new Date());
  /** Background work started by callbacks (awaited by `idle`). */
  const inflight = new Set<Promise<unknown>>();

  /** Whether a payment may still change: pending, or expired by us and still in its late window. */
  function open(p: PaymentRow, at: Date): 'pending' | 'late' | null {
    if (p.status === 'pending') return 'pending';
    if (p.status === 'failed' && p.reason === EXPIRED_REASON && p.settledAt && p.settledAt >= p.expiresAt && at.getTime() - p.expiresAt.getTime() < LATE_CONFIRMATION_SECONDS * 1000) return 'late';
    return null;
  }

  /**
   * Asks the provider about a payment that may still change, and settles it when the answer is final. The provider
   * is told the payment's own amount and currency, and a processor's transaction id when a webhook or the payer's
   * redirect named one (cards credit only a transaction that matches: docs/decisions/044-card-payments.md).
   * @returns the payment as it is now (unchanged when it could not change or the provider did not answer).
   */
  async function refresh(p: PaymentRow, hint: SettlementHint = {}): Promise<PaymentRow> {
    const state = open(p, now());
    if (!state) return p;
    const provider = providers.byName(p.provider);
    if (!provider) {
      // Sandbox payments left over after switching to live carry no money: let their window close them.
      if (p.provider === 'sandbox' && state === 'pending' && p.expiresAt <= now()) await repo.settle(p.id, { status: 'failed', reason: EXPIRED_REASON }, now());
      else if (state === 'pending') log.warn({ paymentId: p.id, provider: p.provider }, 'payment provider not configured; the payment stays pending');
      return (await repo.payment(p.id)) ?? p;
    }
    let answer;
    try {
      answer = await provider.status(p.providerReference, { amount: p.amount, currency: p.currency, transactionId: hint.transactionId });
    } catch (err) {
      log.warn({ paymentId: p.id, provider: p.provider, err: (err as Error).message }, 'payment status query failed; will ask again');
      return p;
    }
    const at = now();
    if (answer.status === 'SUCCESSFUL') {
      if (await repo.settle(p.id, { status: 'successful', reason: null, card: answer.card }, at)) {
        log.info({ paymentId: p.id, provider: p.provider, late: state === 'late' }, 'payment successful');
        if (p.kind === 'pass') await deps.gifts?.paid(p.id);
      }
    } else if (state === 'late') {
      await repo.touch(p.id, at);
    } else if (answer.status === 'FAILED') {
      await repo.settle(p.id, { status: 'failed', reason: answer.reason ?? 'INTERNAL_PROCESSING_ERROR' }, at);
    } else if (p.expiresAt.getTime() <= at.getTime()) {
      await repo.settle(p.id, { status: 'failed', reason: answer.status === 'NOT_FOUND' ? 'REQUEST_FAILED' : EXPIRED_REASON }, at);
    }
    return (await repo.payment(p.id))!;
  }

  /**
   * A provider's callback: never trusted, it only triggers a status query (ADR 008 "Callbacks are hints"). The
   * payment is named by id (our callback URL) or by our reference / id in the body (Airtel's portal-wide callback
   * URL, Flutterwave's webhook). Unknown payments and provider mismatches are ignored.
   */
  async function handleCallback(providerName: string, ref: { paymentId?: string; reference?: string; transactionId?: string }): Promise<void> {
    const p = ref.paymentId ? await repo.payment(ref.paymentId) : ref.reference ? await repo.paymentByReference(ref.reference) : null;
    if (!p || p.provider !== providerName) return;
    await refresh(p, { transactionId: ref.transactionId });
  }

  return {
    refresh,
    handleCallback,

    /** Runs `handleCallback` in the background (the callback is answered at once); its failures are logged. */
    handleCallbackLater(providerName: string, ref: { paymentId?: string; reference?: string; transactionId?: string }): void {
      const job = handleCallback(providerName, ref)
        .catch((err) => log.warn({ provider: providerName, err: (err as Error).message }, 'payment callback handling failed'))
        .finally(() => inflight.delete(job));
      inflight.add(job);
    },

    /** Resolves when the background callback work started so far is done. */
    async idle(): Promise<void> {
      while (inflight.size) await Promise.all([...inflight]);
    },

    /**
     * The reconciliation job: asks about every pending payment (a lost callback, a crash between the request and
     * the settlement) and, now and then, about payments in their late window. Returns how many were looked at.
     */
    async reconcile(): Promise<number> {
      const at = now();
      const due = [...(await repo.pendingPayments()), ...(await repo.lateCandidates(at, LATE_CONFIRMATION_SECONDS * 1000, LATE_CHECK_EVERY_SECONDS * 1000))];
      let next = 0;
      const worker = async () => {
        while (next < due.length) await refresh(due[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(RECONCILE_CONCURRENCY, due.length) }, worker));
      return due.length;
    },
  };
}
export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
