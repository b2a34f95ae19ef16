import { z } from 'zod';

/**
 * Payouts of rights holders' closed monthly statements to their mobile-money wallets
 * (docs/decisions/052-payout-run.md; docs/product/admin.md "Payouts"). Super admins only:
 * - GET  /api/admin/payouts?month=YYYY-MM        → { month, closed, payouts } (every row of the month, retried ones
 *                                                   included, with status and reason)
 * - POST /api/admin/payouts/run { month }        → { month, closed, payouts, counts } (the run: carries, sends,
 *                                                   resolves what is in doubt; one status pass, no long wait)
 * - POST /api/admin/payouts/:id/retry { msisdn? } → 201 { payout } (a failed, refused or carried-for-its-number row
 *                                                   paid again under a NEW reference; the old row is superseded)
 * Errors: 400 `validation_failed` (a bad month), 400 `invalid_msisdn` (a number no wallet operator has), 404
 * `not_found` (no such payout), 409 `conflict` (a month not closed; a payout that cannot be retried, with why).
 * Amounts are integer minor units of `currency` (RWF and UGX whole).
 */

/** `YYYY-MM`, a calendar month (UTC). */
export const payoutMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM');

export const PAYOUT_STATUS_LIST = ['created', 'accepted', 'successful', 'failed', 'refused', 'carried'] as const;

/**
 * Why a payout was carried instead of sent (the run's rules, ADR 052):
 * - `CURRENCY_NOT_PAID`: no wallet Sobanura pays holds this currency (USD);
 * - `BELOW_MINIMUM`: under the currency's minimum payout (PAYOUT_MINIMUMS);
 * - `NO_NUMBER`: the holder has no mobile-money number; `INVALID_NUMBER`: its number is no operator's;
 * - `PAYOUTS_OFF`: payouts to that number's operator are not configured (DISBURSEMENT_METHODS);
 * - `WALLET_CURRENCY`: the holder's wallet is in another currency than the statement.
 * Failed and refused payouts carry the operator's reason (ADR 048's DISBURSEMENT_REASONS).
 */
export const PAYOUT_CARRY_REASONS = ['CURRENCY_NOT_PAID', 'BELOW_MINIMUM', 'NO_NUMBER', 'INVALID_NUMBER', 'PAYOUTS_OFF', 'WALLET_CURRENCY'] as const;
export type PayoutCarryReason = (typeof PAYOUT_CARRY_REASONS)[number];
/** Carried rows a super admin may retry once the number or configuration is fixed. */
export const RETRYABLE_CARRY_REASONS: readonly PayoutCarryReason[] = ['NO_NUMBER', 'INVALID_NUMBER', 'PAYOUTS_OFF', 'WALLET_CURRENCY'];

export const payoutView = z.object({
  /** The transfer's reference at the operator (UUID v4). */
  id: z.string(),
  month: z.string(),
  holderKey: z.string(),
  holderName: z.string(),
  currency: z.string(),
  /** Minor units: this month's statement plus `carriedIn`. */
  amount: z.number().int(),
  carriedIn: z.number().int(),
  /** The wallet's E.164 number without "+" (super admins see it whole to correct it), or null. */
  msisdn: z.string().nullable(),
  country: z.string().nullable(),
  provider: z.string().nullable(),
  status: z.enum(PAYOUT_STATUS_LIST),
  reason: z.string().nullable(),
  operatorTransactionId: z.string().nullable(),
  supersededBy: z.string().nullable(),
  carriedInto: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayoutView = z.infer<typeof payoutView>;

export const payoutsQuery = z.object({ month: payoutMonth });
export const payoutsResponse = z.object({ month: z.string(), closed: z.boolean(), payouts: z.array(payoutView) });
export type PayoutsResponse = z.infer<typeof payoutsResponse>;

export const payoutRunBody = z.object({ month: payoutMonth });
export const payoutRunResponse = payoutsResponse.extend({
  /** Rows of the month per status after the run (superseded rows left out). */
  counts: z.record(z.enum(PAYOUT_STATUS_LIST), z.number().int()),
});
export type PayoutRunResponse = z.infer<typeof payoutRunResponse>;

export const payoutRetryBody = z.object({
  /** The corrected number (any accepted form); absent: the holder's number as it is now. */
  msisdn: z.string().trim().min(1).max(20).optional(),
});
export const payoutRetryResponse = z.object({ payout: payoutView });
