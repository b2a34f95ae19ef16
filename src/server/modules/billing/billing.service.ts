/**
 * Passes, single titles and mobile-money payments (docs/product/architecture.md §5.4 "A payment is settled once";
 * docs/decisions/004 and 008). Card checkouts live in card-payments.service.ts (ADR 044), card refunds in
 * refunds.service.ts (ADR 045); every method settles through payment-settlement.ts, which this service runs and
 * exposes (callbacks, polls, the reconciliation job).
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
import type { BillingHistoryResponse, CreatePaymentBody, PaymentDetail, PaymentReason, ReceiptView } from '../../../shared/contracts/billing.js';
import type { Country } from '../../../shared/domain/countries.js';
import { maskMsisdn, operatorOf, parseMsisdn } from '../../../shared/domain/msisdn.js';
import { allPrefixesText, joinWords, type Operator, OPERATOR_INFO, OPERATORS, operatorsIn } from '../../../shared/domain/operators.js';
import type { PlanId } from '../../../shared/domain/plans.js';
import { PLANS } from '../../../shared/domain/plans.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { PaymentProviderError } from '../../providers/payments/payment-provider.js';
import type { PaymentProviders } from '../../providers/payments/payment-router.js';
import type { BillingRepository, PassRow, PaymentRow, PaymentWithTitle } from './billing.repository.js';
import { type BillingLogger, createPaymentSettlement } from './payment-settlement.js';
import { cardOf, toPassView, toPaymentDetail, withTitle } from './payment-views.js';
import { createPurchaseTerms, type PurchaseDeps, type PurchaseTerms } from './purchase-terms.js';

export type { GiftHooks } from './purchase-terms.js';
export type { BillingLogger } from './payment-settlement.js';

/** How long a payer has to approve on their phone, in seconds (ADR 004, ADR 008); PAYMENT_APPROVAL_SECONDS overrides it. */
export const APPROVAL_WINDOW_SECONDS = 300;

/**
 * The invalid_msisdn message for the payer's country: its operators' names and prefixes (src/shared/domain/operators.ts;
 * Rwanda's is the spec's, docs/product/viewer.md §5, widened by ADR 011).
 */
export function invalidNumberMessage(country: Country): string {
  return `Please enter a valid ${joinWords(operatorsIn(country).map((o) => o.name), 'or')} number (${allPrefixesText(country)} followed by 7 digits).`;
}

export function createBillingService(deps: PurchaseDeps & {
  repo: BillingRepository;
  providers: PaymentProviders;
  log: BillingLogger;
  /** Base of callback URLs (PUBLIC_URL), or null to send none. */
  callbackBaseUrl?: string | null;
  /** The site's public origin, printed on receipts. */
  publicUrl?: string;
  /** The approval window in seconds (default APPROVAL_WINDOW_SECONDS, 300; PAYMENT_APPROVAL_SECONDS). */
  approvalSeconds?: number;
  now?: () => Date;
}) {
  const { repo, providers, log } = deps;
  const now = deps.now ?? (() => new Date());
  const approvalMs = (deps.approvalSeconds ?? APPROVAL_WINDOW_SECONDS) * 1000;
  const terms: PurchaseTerms = createPurchaseTerms(deps);
  const settlement = createPaymentSettlement({ repo, providers, log, gifts: deps.gifts, now });

  async function ownPayment(userId: string, id: string): Promise<PaymentWithTitle> {
    const p = await repo.paymentWithTitle(id);
    if (!p || p.userId !== userId) throw new AppError(404, 'not_found', 'Payment not found');
    return p;
  }

  return {
    /** Reads a payment back from its provider and settles it when final (payment-settlement.ts). */
    refresh: settlement.refresh,
    /** A provider's callback: only a trigger for `refresh` (ADR 008). */
    handleCallback: settlement.handleCallback,
    /** `handleCallback` in the background (the callback is answered at once). */
    handleCallbackLater: settlement.handleCallbackLater,
    /** Resolves when the background callback work started so far is done. */
    idle: settlement.idle,
    /** The reconciliation job's run: every pending payment, and late ones now and then; returns how many. */
    reconcile: settlement.reconcile,
    /** The prices in force and gift hooks new payments are written with (shared with card checkouts). */
    terms,

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
        const amount = await terms.planPriceIn(body.plan, priceCurrency);
        payment = await repo.insertPayment({ ...base, kind: 'pass', plan: body.plan, amount }, terms.giftWith(body.gift));
        label = `Sobanura ${body.plan} pass`;
      } else {
        const movie = await repo.movieForSale(body.movieId!);
        if (!movie) throw new AppError(404, 'not_found', 'Movie not found');
        if (!movie.isPremium) throw new AppError(400, 'not_for_sale', 'This title is free to watch: there is nothing to pay.', { free: true });
        if (movie.priceRwf === null) throw new AppError(400, 'not_for_sale', 'This title is not sold on its own. Choose a pass to watch it.', { free: false });
        const amount = priceCurrency === 'RWF' ? movie.priceRwf : await terms.titlePriceIn(priceCurrency);
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
      return toPaymentDetail(await withTitle(repo, payment));
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
      const fresh = await settlement.refresh(p);
      return toPaymentDetail({ ...fresh, movieTitle: p.movieTitle });
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
        card: cardOf(p),
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
