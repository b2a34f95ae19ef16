/**
 * Passes, single titles and mobile-money payments (docs/product/architecture.md §5.4 "A payment is settled once";
 * docs/decisions/004 and 008).
 * - The amount comes from the server, in the currency of the payer's wallet (docs/decisions/043): the plan's price
 *   in force in that currency (site settings over the plan table, docs/decisions/022), or for one title its
 *   `price_rwf` in RWF and the site's single-title price in UGX or USD; the client sends none. The payment keeps
 *   that amount and currency: a later price change never changes them, nor what its settlement grants.
 * - The provider is chosen by the number, read in the payer's country (Rwanda: 078/079 MTN, 072/073 Airtel;
 *   Uganda: 076/077/078 MTN, 070/074/075 Airtel; the sandbox for all by default).
 * - The payment row (with its provider reference, a UUID v4) is written before the provider is called. When the
 *   call's fate is unknown (timeout, 5xx), the payment stays pending and the status query decides; when the
 *   provider certainly did not take it, it fails at once (REQUEST_FAILED or the provider's reason).
 * - Nothing from a client or a callback body is trusted: every settlement follows a status query to the provider,
 *   through BillingRepository.settle, which grants each payment exactly once whatever races with it.
 * - A payment still pending after its approval window (300 s) is settled as failed, EXPIRED (REQUEST_FAILED when
 *   the provider never heard of it). For an hour after, the provider is still asked now and then, and a late
 *   confirmation (the payer was charged) turns it into a success (ADR 008).
 * Errors: AppError 400 `invalid_msisdn`, 400 `operator_unavailable`, 400 `not_for_sale`, 404 `not_found`,
 * 409 `already_purchased`, 409 `conflict` (a payment for that title is waiting for approval), 502 `payment_failed`.
 */
import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import type { BillingHistoryResponse, CardCheckoutBody, CreatePaymentBody, PassView, PaymentDetail, PaymentReason, ReceiptView } from '../../../shared/contracts/billing.js';
import type { GiftRecipient } from '../../../shared/contracts/gifts.js';
import type { Country } from '../../../shared/domain/countries.js';
import { maskMsisdn, operatorOf, parseMsisdn } from '../../../shared/domain/msisdn.js';
import { allPrefixesText, joinWords, type Operator, OPERATOR_INFO, OPERATORS, operatorsIn } from '../../../shared/domain/operators.js';
import type { PlanId } from '../../../shared/domain/plans.js';
import type { PassSegment } from '../../../shared/domain/pass-stacking.js';
import { DEFAULT_CURRENCY_PRICES, isPassActive, type OtherPriceCurrency, PLANS, remainingTime } from '../../../shared/domain/plans.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { PaymentProviderError } from '../../providers/payments/payment-provider.js';
import type { CardPaymentClient } from '../../providers/payments/card/card-payments.js';
import type { PaymentProviders } from '../../providers/payments/payment-router.js';
import type { BillingRepository, PassRow, PaymentRow, PaymentWithTitle } from './billing.repository.js';
import { EXPIRED_REASON } from './billing.repository.js';

/** How long a payer has to approve on their phone, in seconds (ADR 004, ADR 008); PAYMENT_APPROVAL_SECONDS overrides it. */
export const APPROVAL_WINDOW_SECONDS = 300;
/** How long after the approval window a provider's late confirmation is still looked for (ADR 008). */
export const LATE_CONFIRMATION_SECONDS = 3600;
/** How often, at most, a payment in its late window is asked about again. */
export const LATE_CHECK_EVERY_SECONDS = 300;
/** How long a card checkout stays open before its payment fails as EXPIRED (seconds; docs/decisions/044-card-payments.md). */
export const CARD_CHECKOUT_SECONDS = 1800;
/** Status queries the reconciliation runs at the same time. */
const RECONCILE_CONCURRENCY = 8;

/**
 * The invalid_msisdn message for the payer's country: its operators' names and prefixes (src/shared/domain/operators.ts;
 * Rwanda's is the spec's, docs/product/viewer.md §5, widened by ADR 011).
 */
export function invalidNumberMessage(country: Country): string {
  return `Please enter a valid ${joinWords(operatorsIn(country).map((o) => o.name), 'or')} number (${allPrefixesText(country)} followed by 7 digits).`;
}

export function toPaymentDetail(p: PaymentRow & { movieTitle?: string | null }): PaymentDetail {
  return {
    id: p.id,
    kind: p.kind,
    plan: p.plan,
    movieId: p.movieId,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    reason: p.reason,
    createdAt: p.createdAt.toISOString(),
    operator: p.msisdn ? operatorOf(p.msisdn) : null,
    provider: p.provider,
    msisdnMasked: p.msisdn ? maskMsisdn(p.msisdn) : null,
    movieTitle: p.movieTitle ?? null,
    approvalExpiresAt: p.expiresAt.toISOString(),
    settledAt: p.settledAt ? p.settledAt.toISOString() : null,
    refundedAt: p.refundedAt ? p.refundedAt.toISOString() : null,
  };
}

/** The pass in force (or the last one) with its remaining time and the timeline of passes from now (ADR 019). */
export function toPassView(p: PassRow, timeline: PassSegment[] = [], now = new Date()): PassView {
  const active = isPassActive(p, now);
  return {
    plan: p.plan,
    status: p.status,
    expiresAt: p.expiresAt.toISOString(),
    active,
    remaining: active ? remainingTime(p.expiresAt, now) : { unit: 'hours', count: 0 },
    timeline: timeline.map((x) => ({ plan: x.plan, startsAt: x.startsAt.toISOString(), endsAt: x.endsAt.toISOString() })),
  };
}

/**
 * What the gifts module does at two points of a payment (docs/decisions/046-gifts.md), given to billing so that
 * billing does not depend on it: writing the gift with a pass payment bought for someone else, and sending the
 * gift's message once that payment succeeded (BillingRepository.settle activated the gift in its transaction).
 */
export interface GiftHooks {
  /** In the payment's transaction, right after its row. @throws AppError for a recipient that cannot be reached. */
  insertIn(tx: Database, payment: PaymentRow, recipient: GiftRecipient): Promise<void>;
  /** After a payment settled successfully, outside any transaction; never throws (a failed send is logged). */
  paid(paymentId: string): Promise<void>;
}

/** The logger of the billing service; never given a number or a token. */
export interface BillingLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export function createBillingService(deps: {
  repo: BillingRepository;
  providers: PaymentProviders;
  log: BillingLogger;
  /** Base of callback URLs (PUBLIC_URL), or null to send none. */
  callbackBaseUrl?: string | null;
  /** The site's public origin, printed on receipts. */
  publicUrl?: string;
  /** The approval window in seconds (default APPROVAL_WINDOW_SECONDS, 300; PAYMENT_APPROVAL_SECONDS). */
  approvalSeconds?: number;
  /**
   * Price of a plan in force now in a currency, integer minor units (the site settings, docs/decisions/022 and 043);
   * default the plan table's. The payment stores it, and nothing after (settlement, receipts) reads a price again.
   */
  planPrice?: (plan: PlanId, currency: string) => Promise<number | null>;
  /** Price in force of one title alone in a currency other than RWF (docs/decisions/043), or null when none is set. */
  titlePrice?: (currency: string) => Promise<number | null>;
  /** Gifts (ADR 046); without them a body with `gift` is refused. */
  gifts?: GiftHooks;
  now?: () => Date;
}) {
  const { repo, providers, log } = deps;
  const now = deps.now ?? (() => new Date());
  const approvalMs = (deps.approvalSeconds ?? APPROVAL_WINDOW_SECONDS) * 1000;
  /** Payments being refunded by this process (refundPayment). */
  const refunding = new Set<string>();
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
   */
  async function refresh(p: PaymentRow, hint: { transactionId?: string } = {}): Promise<PaymentRow> {
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
      if (await repo.settle(p.id, { status: 'successful', reason: null }, at)) {
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
   * URL). Unknown payments and provider mismatches are ignored.
   */
  async function handleCallback(providerName: string, ref: { paymentId?: string; reference?: string; transactionId?: string }): Promise<void> {
    const p = ref.paymentId ? await repo.payment(ref.paymentId) : ref.reference ? await repo.paymentByReference(ref.reference) : null;
    if (!p || p.provider !== providerName) return;
    await refresh(p, { transactionId: ref.transactionId });
  }

  /** A plan's price in force in `currency` (integer minor units); 400 not_for_sale when none is set in it. */
  async function planPriceIn(plan: PlanId, currency: string): Promise<number> {
    const price = deps.planPrice ? await deps.planPrice(plan, currency) : currency === 'RWF' ? PLANS[plan].priceRwf : (DEFAULT_CURRENCY_PRICES[currency as OtherPriceCurrency]?.plans[plan].price ?? null);
    if (price == null) throw new AppError(400, 'not_for_sale', `This plan has no price in ${currency}.`, { currency });
    return price;
  }

  async function ownPayment(userId: string, id: string): Promise<PaymentWithTitle> {
    const p = await repo.paymentWithTitle(id);
    if (!p || p.userId !== userId) throw new AppError(404, 'not_found', 'Payment not found');
    return p;
  }

  /** Refunds card payment `p` in full through the processor and records it (refundPayment's work). */
  async function refundThrough(client: CardPaymentClient, p: PaymentWithTitle): Promise<PaymentDetail> {
    let refunded;
    try {
      const t = await client.verifyByReference(p.providerReference);
      if (t.status !== 'successful') throw new PaymentProviderError(`the processor reports the transaction ${t.status}`, 'refused');
      refunded = await client.refund(t.id);
    } catch (err) {
      log.warn({ paymentId: p.id, provider: 'card', err: (err as Error).message }, 'card refund failed');
      throw new AppError(502, 'payment_failed', 'The card processor did not refund this payment. Nothing was changed.', { paymentId: p.id });
    }
    await repo.recordRefund(p.id, refunded.amountMinor, now());
    log.info({ paymentId: p.id, provider: 'card', status: refunded.status }, 'card payment refunded');
    return toPaymentDetail({ ...((await repo.paymentWithTitle(p.id)) ?? p) });
  }

  /** What writes the gift with its payment (ADR 046); undefined for a purchase for oneself. */
  function giftWith(gift: GiftRecipient | undefined): ((tx: Database, payment: PaymentRow) => Promise<void>) | undefined {
    if (!gift) return undefined;
    const hooks = deps.gifts;
    if (!hooks) throw new AppError(400, 'method_unavailable', 'Gifts are not available.');
    return (tx, payment) => hooks.insertIn(tx, payment, gift);
  }

  async function withTitle(p: PaymentRow): Promise<PaymentWithTitle> {
    return (await repo.paymentWithTitle(p.id)) ?? { ...p, movieTitle: null };
  }

  return {
    refresh,

    /** The operators whose numbers are accepted now (both in sandbox mode). */
    operators: (): Operator[] => OPERATORS.filter((o) => providers.forOperator(o) !== null),

    /**
     * Starts a payment for a plan or one title from a mobile-money number of an operator in operators.ts (read in
     * `body.country`, Rwanda by default): writes the payment, then asks the provider to prompt the payer. Answers the pending payment (202) for the client to poll.
     */
    async createPayment(userId: string, body: CreatePaymentBody): Promise<PaymentDetail> {
      const country = body.country ?? 'RW';
      const number = parseMsisdn(body.phone, country);
      if (!number) {
        throw new AppError(400, 'invalid_msisdn', invalidNumberMessage(country), {
          fields: [{ field: 'body.phone', message: 'Invalid mobile money number' }],
          country,
        });
      }
      const provider = providers.forOperator(number.operator);
      if (!provider) {
        throw new AppError(400, 'operator_unavailable', `${OPERATOR_INFO[number.operator].name} is not available yet. Please pay with another number.`, { operator: number.operator });
      }
      // Priced in the wallet's own currency (RWF, UGX); the provider's may differ only in MTN's sandbox (EUR).
      const priceCurrency = OPERATOR_INFO[number.operator].currency;
      const created = now();
      const base = {
        userId,
        currency: provider.currency,
        msisdn: number.msisdn,
        provider: provider.name,
        providerReference: randomUUID(),
        status: 'pending' as const,
        expiresAt: new Date(created.getTime() + approvalMs),
        createdAt: created,
        updatedAt: created,
      };
      let payment: PaymentRow;
      let label: string;
      if (body.plan) {
        const amount = await planPriceIn(body.plan, priceCurrency);
        payment = await repo.insertPayment({ ...base, kind: 'pass', plan: body.plan, amount }, giftWith(body.gift));
        label = `Sobanura ${body.plan} pass`;
      } else {
        const movie = await repo.movieForSale(body.movieId!);
        if (!movie) throw new AppError(404, 'not_found', 'Movie not found');
        if (!movie.isPremium) throw new AppError(400, 'not_for_sale', 'This title is free to watch: there is nothing to pay.', { free: true });
        if (movie.priceRwf === null) throw new AppError(400, 'not_for_sale', 'This title is not sold on its own. Choose a pass to watch it.', { free: false });
        const amount = priceCurrency === 'RWF' ? movie.priceRwf : await deps.titlePrice?.(priceCurrency);
        if (amount == null) throw new AppError(400, 'not_for_sale', `This title is not sold on its own in ${priceCurrency}. Choose a pass to watch it.`, { free: false });
        const result = await repo.insertTitlePaymentOnce({ ...base, kind: 'title', movieId: movie.id, amount }, created);
        if ('owned' in result) throw new AppError(409, 'already_purchased', 'You already own this title.');
        if ('pending' in result) {
          throw new AppError(409, 'conflict', 'A payment for this title is waiting for approval on your phone.', { paymentId: result.pending.id });
        }
        payment = result.payment;
        label = `Sobanura: ${movie.title}`.slice(0, 60);
      }
      try {
        await provider.requestToPay({
          referenceId: payment.providerReference,
          amount: payment.amount,
          currency: payment.currency,
          msisdn: number.msisdn,
          externalId: payment.id,
          payerMessage: label,
          payeeNote: label,
          callbackUrl: deps.callbackBaseUrl ? `${deps.callbackBaseUrl}/api/billing/callbacks/${provider.name}/${payment.id}` : undefined,
        });
      } catch (err) {
        const e = err instanceof PaymentProviderError ? err : new PaymentProviderError(String((err as Error)?.message ?? err), 'ambiguous');
        log.warn({ paymentId: payment.id, provider: provider.name, kind: e.kind, err: e.message }, 'request-to-pay did not go through');
        if (e.kind !== 'ambiguous') {
          const reason: PaymentReason = e.reason ?? 'REQUEST_FAILED';
          await repo.settle(payment.id, { status: 'failed', reason }, now());
          throw new AppError(502, 'payment_failed', 'Payment request failed. Please try again.', { paymentId: payment.id, reason });
        }
        // It may have reached the provider: the payment stays pending and the status query decides.
      }
      return toPaymentDetail(await withTitle(payment));
    },

    /**
     * Starts a card payment (docs/decisions/044-card-payments.md): writes the payment (provider `card`, our
     * reference as Flutterwave's `tx_ref`, the price in `body.currency`, open for CARD_CHECKOUT_SECONDS), then asks
     * the processor for a hosted checkout. Answers the payment and the checkout URL to send the browser to. Nothing
     * is credited here: the payment settles when the processor's own record of it is read back (webhook, the
     * payer's return, a poll or the reconciliation job).
     * @throws AppError 400 `method_unavailable` (cards off), `not_for_sale`; 404; 409 `already_purchased` /
     *   `conflict`; 502 `payment_failed` when the processor refused to open a checkout.
     */
    async createCardCheckout(user: SessionUser, body: CardCheckoutBody): Promise<{ payment: PaymentDetail; checkoutUrl: string }> {
      const card = providers.card;
      if (!card) throw new AppError(400, 'method_unavailable', 'Card payments are not available yet. Please pay with mobile money.');
      const created = now();
      const currency = body.currency;
      const base = {
        userId: user.id,
        currency,
        msisdn: null,
        provider: 'card',
        providerReference: randomUUID(),
        status: 'pending' as const,
        expiresAt: new Date(created.getTime() + CARD_CHECKOUT_SECONDS * 1000),
        createdAt: created,
        updatedAt: created,
      };
      let payment: PaymentRow;
      let title: string;
      if (body.plan) {
        payment = await repo.insertPayment({ ...base, kind: 'pass', plan: body.plan, amount: await planPriceIn(body.plan, currency) }, giftWith(body.gift));
        title = `Sobanura ${body.plan} pass`;
      } else {
        const movie = await repo.movieForSale(body.movieId!);
        if (!movie) throw new AppError(404, 'not_found', 'Movie not found');
        if (!movie.isPremium) throw new AppError(400, 'not_for_sale', 'This title is free to watch: there is nothing to pay.', { free: true });
        const amount = movie.priceRwf === null ? null : currency === 'RWF' ? movie.priceRwf : await deps.titlePrice?.(currency);
        if (amount == null) throw new AppError(400, 'not_for_sale', 'This title is not sold on its own. Choose a pass to watch it.', { free: false });
        const result = await repo.insertTitlePaymentOnce({ ...base, kind: 'title', movieId: movie.id, amount }, created);
        if ('owned' in result) throw new AppError(409, 'already_purchased', 'You already own this title.');
        if ('pending' in result) throw new AppError(409, 'conflict', 'A payment for this title is waiting for approval.', { paymentId: result.pending.id });
        payment = result.payment;
        title = `Sobanura: ${movie.title}`.slice(0, 60);
      }
      const back = `${deps.publicUrl ?? ''}/api/billing/card-return?payment=${payment.id}`;
      try {
        const { link } = await card.client.createCheckout({ txRef: payment.providerReference, amountMinor: payment.amount, currency, redirectUrl: back, customer: { email: user.email, name: user.name }, title });
        return { payment: toPaymentDetail(await withTitle(payment)), checkoutUrl: link };
      } catch (err) {
        // No checkout opened, so nothing can be paid on it: the payment fails now.
        log.warn({ paymentId: payment.id, provider: 'card', err: (err as Error).message }, 'card checkout could not be opened');
        await repo.settle(payment.id, { status: 'failed', reason: 'REQUEST_FAILED' }, now());
        throw new AppError(502, 'payment_failed', 'Payment request failed. Please try again.', { paymentId: payment.id, reason: 'REQUEST_FAILED' });
      }
    },

    /**
     * The payer's browser is back from the hosted checkout with `transaction_id` (or none: cancelled). Never
     * trusted: it only triggers the read-back. Returns where to send the viewer: the page they bought from, with
     * `?paid=<id>` so it shows the outcome (docs/product/viewer.md §4).
     */
    async cardReturn(paymentId: string, transactionId: string | undefined): Promise<string> {
      const p = await repo.paymentWithTitle(paymentId);
      if (!p || p.provider !== 'card') return '/billing';
      await refresh(p, { transactionId });
      const page = p.kind === 'title' && p.movieId ? `/watch/${p.movieId}` : '/subscribe';
      return `${page}?paid=${p.id}`;
    },

    /**
     * A super admin refunds a successful card payment in full through the processor's refund API, then the payment
     * records it and its pass or title is taken back (docs/decisions/045-card-refunds.md). The processor refuses a
     * second refund of the same transaction, so two refunds at once send money back once.
     * @throws AppError 404; 400 `method_unavailable` (not a card payment, or cards off: mobile money is refunded by
     *   the operator); 409 `conflict` (not successful, or already refunded); 502 `payment_failed` (the processor
     *   did not refund; nothing recorded).
     */
    async refundPayment(paymentId: string): Promise<PaymentDetail> {
      const p = await repo.paymentWithTitle(paymentId);
      if (!p) throw new AppError(404, 'not_found', 'Payment not found');
      const card = providers.card;
      if (p.provider !== 'card' || !card) throw new AppError(400, 'method_unavailable', 'Only card payments are refunded here; a mobile-money payment is refunded by its operator.');
      if (p.status !== 'successful') throw new AppError(409, 'conflict', 'Only a successful payment can be refunded.');
      if (p.refundedAt) throw new AppError(409, 'conflict', 'This payment was already refunded.');
      // One refund of a payment at a time in this process; across instances, the processor refuses the second.
      if (refunding.has(p.id)) throw new AppError(409, 'conflict', 'A refund of this payment is already under way.');
      refunding.add(p.id);
      try {
        return await refundThrough(card.client, p);
      } finally {
        refunding.delete(p.id);
      }
    },

    /** Whether cards are offered now (GET /api/plans). */
    cardsOffered: (): boolean => providers.card !== null,

    /**
     * Whether `phone` (as typed) is a number `userId` has already paid from successfully (ADR 018: such a number is
     * the payer's own, and the per-number limit does not apply to them). False for a number that does not parse.
     */
    async hasPaidFrom(userId: string, phone: string, country: Country = 'RW'): Promise<boolean> {
      const number = parseMsisdn(phone, country);
      return number ? repo.hasPaidFrom(userId, number.msisdn) : false;
    },

    /** The caller's payment, refreshed from the provider while it may still change. */
    async getPayment(userId: string, id: string): Promise<PaymentDetail> {
      const p = await ownPayment(userId, id);
      if (p.status !== 'pending') return toPaymentDetail(p);
      const fresh = await refresh(p);
      return toPaymentDetail({ ...fresh, movieTitle: p.movieTitle });
    },

    handleCallback,

    /** Runs `handleCallback` in the background (the callback is answered at once). */
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

    /** The pass in force with the passes queued behind it, and every payment of the viewer, newest first (the /billing page; docs/decisions/019). */
    async history(userId: string): Promise<BillingHistoryResponse> {
      const at = now();
      const [pass, timeline, rows] = await Promise.all([repo.passOf(userId, at), repo.passTimelineOf(userId, at), repo.paymentsOf(userId)]);
      return { pass: pass ? toPassView(pass, timeline, at) : null, payments: rows.map(toPaymentDetail) };
    },

    /** The data of a printable receipt of one of the viewer's successful payments; 404 otherwise. */
    async receipt(user: SessionUser, id: string): Promise<ReceiptView> {
      const p = await ownPayment(user.id, id);
      if (p.status !== 'successful' || !p.settledAt) throw new AppError(404, 'not_found', 'No receipt: this payment was not successful.');
      return {
        receiptNumber: `SOB-${p.id.slice(0, 8).toUpperCase()}`,
        paymentId: p.id,
        kind: p.kind,
        plan: p.plan,
        planDurationSeconds: p.plan ? PLANS[p.plan].durationSeconds : null,
        movieId: p.movieId,
        movieTitle: p.movieTitle,
        amount: p.amount,
        currency: p.currency,
        operator: p.msisdn ? operatorOf(p.msisdn) : null,
        provider: p.provider,
        msisdnMasked: p.msisdn ? maskMsisdn(p.msisdn) : null,
        providerReference: p.providerReference,
        createdAt: p.createdAt.toISOString(),
        paidAt: p.settledAt.toISOString(),
        payer: { name: user.name, email: user.email },
        seller: { name: 'Sobanura', website: deps.publicUrl ?? '' },
      };
    },

    /** Sets (or clears, null) the price of one title alone (ADR 008 "Single titles"; set from the admin screens). */
    async setTitlePrice(movieId: string, priceRwf: number | null): Promise<{ movieId: string; priceRwf: number | null }> {
      if (!(await repo.setMoviePrice(movieId, priceRwf, now()))) throw new AppError(404, 'not_found', 'Movie not found');
      return { movieId, priceRwf };
    },

    /** Whether the user bought this title alone (playback entitlement). */
    ownsTitle: (userId: string, movieId: string) => repo.ownsTitle(userId, movieId),

    /** A complimentary pass (command line, support): added like a paid one (ADR 019), recorded as a grant. Returns the pass in force. */
    async grantPass(userId: string, plan: PlanId): Promise<PassRow> {
      return repo.extendPass(userId, plan, 'grant', now());
    },
    /**
     * Credits a pass of `plan` to `userId` (added like a paid one, ADR 019, recorded with `source`), only when
     * `claim` claims something: both run in one transaction, `claim` first (docs/decisions/042-vouchers.md: a
     * voucher's conditional UPDATE, so of concurrent redemptions of one code exactly one credits a pass).
     * @returns what `claim` returned and the pass in force after the credit; null when `claim` returned null.
     */
    creditPassWhen<T>(userId: string, plan: PlanId, source: string, claim: (tx: Database) => Promise<T | null>): Promise<{ claimed: T; pass: PassRow } | null> {
      return repo.extendPassWhen(userId, plan, source, now(), claim);
    },
    /** The pass in force then the passes queued behind it, back to back (ADR 019); empty when none is in force. */
    passTimeline: (userId: string) => repo.passTimelineOf(userId, now()),
    /** Lets queued passes take over from ended ones and marks the rest expired (billing jobs, every minute). */
    expirePasses: () => repo.expirePasses(now()),
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
