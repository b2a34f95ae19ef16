/**
 * Card refunds by a super admin (docs/decisions/045-card-refunds.md): a successful card payment not yet refunded is
 * read back by our reference, refunded in full through the processor, then the payment records `refunded_at` and
 * `refunded_amount` (minor units) and its pass or title is taken back in the same transaction
 * (BillingRepository.recordRefund). The processor's refund call is never retried after a doubtful failure, and
 * nothing is recorded when it fails.
 */
import type { PaymentDetail } from '../../../shared/contracts/billing.js';
import { AppError } from '../../lib/app-error.js';
import type { CardPaymentClient } from '../../providers/payments/card/card-payments.js';
import { PaymentProviderError } from '../../providers/payments/payment-provider.js';
import type { PaymentProviders } from '../../providers/payments/payment-router.js';
import type { BillingRepository, PaymentWithTitle } from './billing.repository.js';
import type { BillingLogger } from './payment-settlement.js';
import { toPaymentDetail } from './payment-views.js';

export function createRefundsService(deps: { repo: BillingRepository; providers: PaymentProviders; log: BillingLogger; now?: () => Date }) {
  const { repo, providers, log } = deps;
  const now = deps.now ?? (() => new Date());
  /** Payments being refunded by this process (refundPayment). */
  const refunding = new Set<string>();

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

  return {
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
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;
