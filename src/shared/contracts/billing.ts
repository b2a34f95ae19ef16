import { z } from 'zod';
import { COUNTRIES, CURRENCIES } from '../domain/countries.js';
import { OPERATORS } from '../domain/operators.js';
import { PLAN_IDS } from '../domain/plans.js';
import { passSummary } from './accounts.js';
import { giftRecipient } from './gifts.js';

/**
 * Passes, titles and mobile money (docs/product/viewer.md §4, §5, §8, §9; docs/decisions/004, 008 and 011).
 * - GET  /api/plans
 * - POST /api/billing/payments                       { plan, phone, country?, gift? } | { movieId, phone, country? } → 202 { payment }
 * - GET  /api/billing/payments/:id                   → { payment } (polled every 3 s; asks the provider)
 * - GET  /api/billing/history                        → { pass (with the timeline of queued passes), payments }
 * - GET  /api/billing/payments/:id/receipt           → { receipt } (successful payments only)
 * - PUT|POST /api/billing/callbacks/:provider/:paymentId, POST /api/billing/callbacks/:provider (providers only)
 * - PUT  /api/admin/movies/:id/price                 { priceRwf } → { movieId, priceRwf }
 */

export const planId = z.enum(PLAN_IDS);
export const operator = z.enum(OPERATORS);

export const planView = z.object({
  id: planId,
  priceRwf: z.number().int(),
  durationSeconds: z.number().int(),
  maxHeight: z.number().nullable(),
  devices: z.number().int(),
  downloads: z.number().int().nullable(),
  popular: z.boolean(),
  compareAtRwf: z.number().int().nullable(),
  /**
   * The price in every currency (integer minor units: RWF and UGX whole, USD cents), as the super admin set it:
   * never converted (docs/decisions/043-payment-methods-countries-and-currencies.md). RWF's equals priceRwf.
   */
  prices: z.record(z.enum(CURRENCIES), z.object({ price: z.number().int(), compareAt: z.number().int().nullable() })),
});
/**
 * GET /api/plans: the four plans, the operators whose numbers are accepted now (show Airtel only if listed), and
 * the price of one title bought alone in each currency other than RWF (a title's RWF price is its own).
 */
export const plansResponse = z.object({
  plans: z.array(planView),
  operators: z.array(operator),
  titlePrices: z.partialRecord(z.enum(CURRENCIES), z.number().int()).optional(),
  /** Whether cards are taken now (docs/decisions/044-card-payments.md). */
  card: z.boolean().optional(),
});

/**
 * The client sends what it buys (a plan, or one title by `movieId`) and the number; never an amount (a sent
 * amount is stripped). The number is a number of an operator in src/shared/domain/operators.ts in any accepted form,
 * read in `country` when local (Rwanda: 078/079 MTN, 072/073 Airtel; Uganda: 076/077/078 MTN, 070/074/075 Airtel).
 */
export const createPaymentBody = z
  .object({
    plan: planId.optional(),
    movieId: z.uuid('Not a valid id').optional(),
    phone: z.string().trim().min(1, 'Phone number is required').max(20),
    /** The payer's country (ISO 3166-1 alpha-2): how a local number (07…) is read; default RW. +250/+256 say it themselves. */
    country: z.enum(COUNTRIES).optional(),
    /** A pass bought for someone else (docs/decisions/046-gifts.md); passes only. */
    gift: giftRecipient.optional(),
  })
  .refine((b) => (b.plan === undefined) !== (b.movieId === undefined), { path: ['plan'], message: 'Choose either a plan or a title' })
  .refine((b) => !(b.gift && b.movieId), { path: ['gift'], message: 'Only a pass can be given' });
export type CreatePaymentBody = z.infer<typeof createPaymentBody>;

/**
 * POST /api/billing/card-checkouts (docs/decisions/044-card-payments.md): what is bought and the currency to pay in
 * (USD by default: cards are for viewers abroad); never an amount.
 */
export const cardCheckoutBody = z
  .object({
    plan: planId.optional(),
    movieId: z.uuid('Not a valid id').optional(),
    currency: z.enum(CURRENCIES).default('USD'),
    /** A pass bought for someone else (docs/decisions/046-gifts.md); passes only. */
    gift: giftRecipient.optional(),
  })
  .refine((b) => (b.plan === undefined) !== (b.movieId === undefined), { path: ['plan'], message: 'Choose either a plan or a title' })
  .refine((b) => !(b.gift && b.movieId), { path: ['gift'], message: 'Only a pass can be given' });
export type CardCheckoutBody = z.infer<typeof cardCheckoutBody>;

export const paymentStatus = z.enum(['pending', 'successful', 'failed']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/**
 * Why a payment failed, in MTN MoMo's terms (Collection API, GET requesttopay `reason`); Airtel's answers are
 * mapped onto the same codes. The client picks the viewer text (docs/product/viewer.md §8) from these:
 * PAYER_NOT_FOUND → "Mobile Money Not Active"; EXPIRED → "Payment Timeout"; the others → "Payment Issue" /
 * "Payment failed. Please try again.".
 * - PAYER_NOT_FOUND: the number has no mobile-money account (or it is barred).
 * - NOT_ENOUGH_FUNDS, PAYER_LIMIT_REACHED: balance or wallet limit.
 * - APPROVAL_REJECTED: the payer declined. INCORRECT_PIN: the payer entered a wrong PIN (Airtel).
 * - EXPIRED: nobody approved within the 5-minute approval window (ours or the provider's).
 * - TRANSACTION_CANCELED: cancelled at the provider.
 * - REQUEST_FAILED: the request never reached the provider, or the provider refused it; nothing was charged.
 * - INTERNAL_PROCESSING_ERROR: any other failure the provider reports.
 */
export const PAYMENT_REASONS = [
  'PAYER_NOT_FOUND',
  'NOT_ENOUGH_FUNDS',
  'PAYER_LIMIT_REACHED',
  'APPROVAL_REJECTED',
  'INCORRECT_PIN',
  'EXPIRED',
  'TRANSACTION_CANCELED',
  'REQUEST_FAILED',
  'INTERNAL_PROCESSING_ERROR',
] as const;
export const paymentReason = z.enum(PAYMENT_REASONS);
export type PaymentReason = z.infer<typeof paymentReason>;

export const paymentView = z.object({
  id: z.string(),
  /** A pass (plan set) or one title (movieId set). */
  kind: z.enum(['pass', 'title']),
  plan: planId.nullable(),
  movieId: z.string().nullable(),
  /** What it charges, kept for good: integer minor units of `currency` (RWF and UGX whole, USD cents). */
  amount: z.number().int(),
  /** ISO 4217 (RWF, UGX, USD; EUR in MTN's sandbox environment). */
  currency: z.string(),
  status: paymentStatus,
  /** A PaymentReason when failed, else null. */
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentView>;
export const paymentResponse = z.object({ payment: paymentView });

/**
 * The card a card payment was paid with, as the processor read it back when it settled (docs/decisions/044):
 * its brand as the processor names it (`VISA`, `MASTERCARD`, …; null when it named none) and its last four digits.
 * Null for mobile money, and for card payments not (yet) settled successfully.
 */
export const paidCard = z.object({ brand: z.string().nullable(), last4: z.string().regex(/^\d{4}$/) });
export type PaidCardView = z.infer<typeof paidCard>;

/**
 * What the payment routes answer (docs/decisions/008 and 011): the view plus the operator, the masked number and the
 * times.
 */
export const paymentDetail = paymentView.extend({
  /** The payer's operator, from the number; null once the number was erased. */
  operator: operator.nullable(),
  /** Who collected it: 'mtn', 'airtel' or 'sandbox'. */
  provider: z.string(),
  /** `250788***456`, or null once erased. */
  msisdnMasked: z.string().nullable(),
  /** The movie's title for a title purchase (null when not a title, or the movie was deleted). */
  movieTitle: z.string().nullable(),
  /** End of the 5-minute approval window. */
  approvalExpiresAt: z.string(),
  /** When the outcome was recorded (null while pending). */
  settledAt: z.string().nullable(),
  /** When it was refunded (cards, docs/decisions/045-card-refunds.md); null when not. */
  refundedAt: z.string().nullable().optional(),
  /** The card paid with (card payments that succeeded), else null. */
  card: paidCard.nullable().optional(),
});
export type PaymentDetail = z.infer<typeof paymentDetail>;
export const paymentDetailResponse = z.object({ payment: paymentDetail });
/** POST /api/billing/card-checkouts → 201: the pending payment and the processor's hosted page to send the browser to. */
export const cardCheckoutResponse = z.object({ payment: paymentDetail, checkoutUrl: z.string() });

/**
 * How a payment was paid, as the admin Payments list filters it (docs/product/admin.md §11): `card` (provider
 * `card`, docs/decisions/044) or `mobile_money` (MTN, Airtel and the mobile-money sandbox).
 */
export const PAYMENT_METHOD_KINDS = ['mobile_money', 'card'] as const;
export const paymentMethodKind = z.enum(PAYMENT_METHOD_KINDS);
export type PaymentMethodKind = z.infer<typeof paymentMethodKind>;

/** Payments a page of the admin list holds at most (and by default 25). */
export const ADMIN_PAYMENTS_MAX_PAGE = 100;

/**
 * GET /api/admin/payments (admin, super_admin): newest first, `limit` a page (1 to 100, default 25), after the
 * payment `after` (the last id of the previous page: keyset paging on (created_at, id), so payments arriving while
 * an admin pages never shift the pages), optionally only one status and one method.
 */
export const adminPaymentsQuery = z.object({
  status: paymentStatus.optional(),
  method: paymentMethodKind.optional(),
  after: z.uuid('Not a valid payment id').optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAYMENTS_MAX_PAGE).optional().default(25),
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuery>;

/**
 * One payment in the admin list: the payment as its payer sees it (amount in minor units of its currency, the
 * number masked, the card's brand and last four digits) with its method, the paying account (null once deleted) and
 * what was refunded (minor units of `currency`, docs/decisions/045-card-refunds.md).
 */
export const adminPayment = paymentDetail.extend({
  method: paymentMethodKind,
  account: z.object({ id: z.string(), email: z.string() }).nullable(),
  refundedAmount: z.number().int().nullable(),
});
export type AdminPayment = z.infer<typeof adminPayment>;
/** A page of the admin list; `nextAfter` is the `after` of the next page, null on the last one. */
export const adminPaymentsResponse = z.object({ items: z.array(adminPayment), nextAfter: z.string().nullable() });
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponse>;

/** One stretch of a viewer's passes: a plan from `startsAt` to `endsAt` (ISO 8601). */
export const passSegment = z.object({ plan: planId, startsAt: z.string(), endsAt: z.string() });
export type PassSegmentView = z.infer<typeof passSegment>;

/** The pass in force (or the last one) with its remaining time (docs/product/viewer.md §4), for the billing and plans pages. */
export const passView = passSummary.extend({
  /** Remaining time of the pass in force: whole days, or hours (rounded up) under a day; 0 hours when not active. */
  remaining: z.object({ unit: z.enum(['days', 'hours']), count: z.number().int() }),
  /**
   * The pass in force, then the passes bought on top of it that wait for it to end, back to back, best plan
   * first (docs/decisions/019); empty when no pass is in force.
   */
  timeline: z.array(passSegment),
});
export type PassView = z.infer<typeof passView>;

/** GET /api/billing/history: the current pass (null: never had one) and every payment, newest first. */
export const billingHistoryResponse = z.object({
  pass: passView.nullable(),
  payments: z.array(paymentDetail),
});
export type BillingHistoryResponse = z.infer<typeof billingHistoryResponse>;

/** GET /api/billing/payments/:id/receipt: the data of a printable receipt of a successful payment. */
export const receiptView = z.object({
  /** `SOB-` and the first 8 characters of the payment id, upper case. */
  receiptNumber: z.string(),
  paymentId: z.string(),
  kind: z.enum(['pass', 'title']),
  plan: planId.nullable(),
  /** The plan's length in seconds (pass), or null (title). */
  planDurationSeconds: z.number().int().nullable(),
  movieId: z.string().nullable(),
  movieTitle: z.string().nullable(),
  amount: z.number().int(),
  /** The currency the provider collected in (RWF; EUR in MTN's sandbox). */
  currency: z.string(),
  operator: operator.nullable(),
  provider: z.string(),
  msisdnMasked: z.string().nullable(),
  /** The card paid with (card payments), else null. */
  card: paidCard.nullable().optional(),
  /** Our reference sent to the provider (MTN X-Reference-Id / Airtel transaction id). */
  providerReference: z.string(),
  createdAt: z.string(),
  paidAt: z.string(),
  payer: z.object({ name: z.string(), email: z.string() }),
  seller: z.object({ name: z.string(), website: z.string() }),
});
export type ReceiptView = z.infer<typeof receiptView>;
export const receiptResponse = z.object({ receipt: receiptView });

/** PUT /api/admin/movies/:id/price: a title's price alone, in whole RWF, or null (not sold alone). */
export const MAX_TITLE_PRICE_RWF = 1_000_000;
export const setTitlePriceBody = z.object({
  priceRwf: z.number().int('Whole francs only').positive('Must be more than 0').max(MAX_TITLE_PRICE_RWF).nullable(),
});
export const titlePriceResponse = z.object({ movieId: z.string(), priceRwf: z.number().int().nullable() });

/** Who may collect a payment: each operator of src/shared/domain/operators.ts, the sandbox (ADR 004) and cards (ADR 044). */
export const PAYMENT_PROVIDERS = [...OPERATORS, 'sandbox', 'card'] as const;
/** A payment's provider name, as stored on the payment. */
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const callbackParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS), paymentId: z.uuid('Not a valid id') });
export const callbackProviderParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });
export const callbackResponse = z.object({ received: z.literal(true) });
