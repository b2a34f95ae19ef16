/**
 * Card payments through the processor's hosted checkout (docs/decisions/044-card-payments.md): the payment row is
 * written first (provider `card`, our UUID reference as Flutterwave's `tx_ref`, the price in force in the chosen
 * currency in its minor unit, open CARD_CHECKOUT_SECONDS), then the processor opens a checkout. The payer's return
 * and the processor's webhook are only triggers: the payment settles when the transaction is read back
 * (payment-settlement.ts), with exactly our reference, amount and currency. No card number reaches us (PCI DSS SAQ A).
 */
import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import type { CardCheckoutBody, PaymentDetail } from '../../../shared/contracts/billing.js';
import { AppError } from '../../lib/app-error.js';
import type { PaymentProviders } from '../../providers/payments/payment-router.js';
import type { BillingRepository, PaymentRow } from './billing.repository.js';
import type { BillingLogger, PaymentSettlement } from './payment-settlement.js';
import { toPaymentDetail, withTitle } from './payment-views.js';
import type { PurchaseTerms } from './purchase-terms.js';

/** How long a card checkout stays open before its payment fails as EXPIRED (seconds; docs/decisions/044-card-payments.md). */
export const CARD_CHECKOUT_SECONDS = 1800;

export function createCardPaymentsService(deps: {
  repo: BillingRepository;
  providers: PaymentProviders;
  log: BillingLogger;
  /** Prices in force and gift hooks (shared with mobile money). */
  terms: PurchaseTerms;
  /** The read-back settlement every method goes through (the billing service's). */
  settlement: Pick<PaymentSettlement, 'refresh' | 'handleCallbackLater'>;
  /** The site's public origin: the processor sends the payer back to `${publicUrl}/api/billing/card-return`. */
  publicUrl?: string;
  now?: () => Date;
}) {
  const { repo, providers, log, terms, settlement } = deps;
  const now = deps.now ?? (() => new Date());

  return {
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
        payment = await repo.insertPayment({ ...base, kind: 'pass', plan: body.plan, amount: await terms.planPriceIn(body.plan, currency) }, terms.giftWith(body.gift));
        title = `Sobanura ${body.plan} pass`;
      } else {
        const movie = await repo.movieForSale(body.movieId!);
        if (!movie) throw new AppError(404, 'not_found', 'Movie not found');
        if (!movie.isPremium) throw new AppError(400, 'not_for_sale', 'This title is free to watch: there is nothing to pay.', { free: true });
        const amount = movie.priceRwf === null ? null : currency === 'RWF' ? movie.priceRwf : await terms.titlePriceIn(currency);
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
        return { payment: toPaymentDetail(await withTitle(repo, payment)), checkoutUrl: link };
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
      await settlement.refresh(p, { transactionId });
      const page = p.kind === 'title' && p.movieId ? `/watch/${p.movieId}` : '/subscribe';
      return `${page}?paid=${p.id}`;
    },

    /**
     * A webhook whose `verif-hash` passed (card.routes.ts checks it): our reference (`tx_ref`) and the transaction
     * it names trigger a read-back in the background; the body's amounts are never read.
     */
    webhookLater(hint: { txRef?: string; transactionId?: string }): void {
      if (hint.txRef) settlement.handleCallbackLater('card', { reference: hint.txRef, transactionId: hint.transactionId });
    },
  };
}
export type CardPaymentsService = ReturnType<typeof createCardPaymentsService>;
