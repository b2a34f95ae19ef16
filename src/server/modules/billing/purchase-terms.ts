/**
 * What a new payment of either method (mobile money: billing.service.ts; cards: card-payments.service.ts) is
 * written with besides the payer's choice: a plan's price in force in the payment's currency (site settings over
 * the plan table, docs/decisions/022 and 043) and, for a pass bought for someone else, the gift written in the
 * payment's transaction (docs/decisions/046-gifts.md).
 */
import type { GiftRecipient } from '../../../shared/contracts/gifts.js';
import { DEFAULT_CURRENCY_PRICES, type OtherPriceCurrency, type PlanId, PLANS } from '../../../shared/domain/plans.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { PaymentRow } from './billing.repository.js';

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

/** The prices and gift hooks both payment methods are built with. */
export interface PurchaseDeps {
  /**
   * Price of a plan in force now in a currency, integer minor units (the site settings, docs/decisions/022 and 043);
   * default the plan table's. The payment stores it, and nothing after (settlement, receipts) reads a price again.
   */
  planPrice?: (plan: PlanId, currency: string) => Promise<number | null>;
  /** Price in force of one title alone in a currency other than RWF (docs/decisions/043), or null when none is set. */
  titlePrice?: (currency: string) => Promise<number | null>;
  /** Gifts (ADR 046); without them a body with `gift` is refused. */
  gifts?: GiftHooks;
}

export function createPurchaseTerms(deps: PurchaseDeps) {
  return {
    /**
     * A plan's price in force in `currency` (integer minor units: RWF and UGX have none, USD cents).
     * @throws AppError 400 `not_for_sale` when the plan has no price in that currency.
     */
    async planPriceIn(plan: PlanId, currency: string): Promise<number> {
      const price = deps.planPrice ? await deps.planPrice(plan, currency) : currency === 'RWF' ? PLANS[plan].priceRwf : (DEFAULT_CURRENCY_PRICES[currency as OtherPriceCurrency]?.plans[plan].price ?? null);
      if (price == null) throw new AppError(400, 'not_for_sale', `This plan has no price in ${currency}.`, { currency });
      return price;
    },

    /** The price in force of one title alone in `currency` (not RWF: that is the movie's own `price_rwf`), or null. */
    titlePriceIn: async (currency: string): Promise<number | null | undefined> => deps.titlePrice?.(currency),

    /**
     * What writes the gift with its payment (ADR 046); undefined for a purchase for oneself.
     * @throws AppError 400 `method_unavailable` when gifts are not wired in.
     */
    giftWith(gift: GiftRecipient | undefined): ((tx: Database, payment: PaymentRow) => Promise<void>) | undefined {
      if (!gift) return undefined;
      const hooks = deps.gifts;
      if (!hooks) throw new AppError(400, 'method_unavailable', 'Gifts are not available.');
      return (tx, payment) => hooks.insertIn(tx, payment, gift);
    },
  };
}
export type PurchaseTerms = ReturnType<typeof createPurchaseTerms>;
