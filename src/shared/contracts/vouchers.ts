import { z } from 'zod';
import { KIGALI_OFFSET_MS } from '../domain/new-badge.js';
import { planId } from './billing.js';

/**
 * Vouchers: codes that agents sell for cash, each worth one pass of its batch's plan (docs/decisions/042-vouchers.md;
 * docs/product/viewer.md §10, docs/product/admin.md §10).
 * - POST /api/vouchers/redeem                               { code } → { redeemed } (a signed-in viewer; also an HTML
 *                                                           form post answered 303, ADR 024)
 * - GET  /api/admin/vouchers/batches                        → { batches } newest first (super_admin)
 * - POST /api/admin/vouchers/batches                        { plan, count, name?, expiresOn? } → 201 { batch, codes }
 * - POST /api/admin/vouchers/batches/:id/void               → { batch } (voiding again keeps the first time)
 * - GET  /api/admin/vouchers/batches/:id/codes.csv          → text/csv `code,plan,batch,expiry`
 * Errors of a redemption (`errors.<code>` in the locales): 400 `voucher_malformed` (details.problem: 'length',
 * 'characters' or 'check'), 404 `voucher_unknown`, 409 `voucher_used`, 410 `voucher_expired`, 410 `voucher_voided`,
 * 429 `voucher_locked` (too many wrong codes; details.retryAfterSeconds) and 429 `rate_limited`.
 */

/** Most codes one batch may hold. */
export const VOUCHER_MAX_BATCH = 10_000;
/** A batch's life when none is given: 12 calendar months from its creation (ADR 042). */
export const VOUCHER_DEFAULT_MONTHS = 12;
/** The latest expiry a batch may be given: 36 calendar months from its creation (ADR 042). */
export const VOUCHER_MAX_MONTHS = 36;

/**
 * The limits of redemptions (ADR 042), counted in the app's rate-limit store (Redis with REDIS_URL):
 * - attempts per account: 20 a minute (the route's rate limit);
 * - attempts per client (an IPv4 address or an IPv6 /64, lib/client-address.ts): 60 per 10 minutes;
 * - wrong codes (well-formed codes no batch holds) per account: 10 an hour, then 429 `voucher_locked` until the hour
 *   is over; per client: 30 an hour, as one mobile network's shared address carries many viewers.
 */
export const VOUCHER_LIMITS = {
  attemptsPerAccountPerMinute: 20,
  attemptsPerAddress: { points: 60, seconds: 10 * 60 },
  wrongPerAccount: { points: 10, seconds: 60 * 60 },
  wrongPerAddress: { points: 30, seconds: 60 * 60 },
} as const;

/** What a viewer typed; read by src/shared/domain/voucher-code.ts `parseVoucherCode` (case, spaces, dashes). */
export const redeemVoucherBody = z.object({ code: z.string().trim().min(1, 'Enter the voucher code').max(64, 'That is too long for a voucher code') });
export type RedeemVoucherBody = z.infer<typeof redeemVoucherBody>;

/**
 * What a redemption added: a pass of `plan` that runs from `startsAt` to `endsAt` (ISO 8601; later than now when it
 * waits behind a better pass, ADR 019), and the end of all the viewer's passes, `passesEndAt`.
 */
export const redeemedVoucher = z.object({ plan: planId, startsAt: z.string(), endsAt: z.string(), passesEndAt: z.string() });
export type RedeemedVoucher = z.infer<typeof redeemedVoucher>;
export const redeemVoucherResponse = z.object({ redeemed: redeemedVoucher });

/** A batch name: 1 to 60 letters, digits, spaces, dots, dashes or underscores, starting with a letter or a digit. */
export const voucherBatchName = z
  .string()
  .trim()
  .min(1, 'Give the batch a name')
  .max(60, 'At most 60 characters')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, 'Letters, digits, spaces, dots, dashes and underscores only, starting with a letter or a digit');

export const createVoucherBatchBody = z.object({
  plan: planId,
  count: z.number().int('A whole number').min(1, 'At least 1 code').max(VOUCHER_MAX_BATCH, `At most ${VOUCHER_MAX_BATCH} codes`),
  /** Default: `<plan>-<YYYY-MM-DD>-<4 characters>`. */
  name: voucherBatchName.optional(),
  /** The last Kigali day the codes work (`YYYY-MM-DD`); default 12 months from now. */
  expiresOn: z.iso.date('Use a real date, YYYY-MM-DD').optional(),
});
export type CreateVoucherBatchBody = z.infer<typeof createVoucherBatchBody>;

/** What a batch is now: its codes work (`active`), or not any more because it expired or was voided. */
export const voucherBatchState = z.enum(['active', 'expired', 'voided']);

export const voucherBatchView = z.object({
  id: z.string(),
  name: z.string(),
  plan: planId,
  /** Email of the super admin who made it; null from the command line or once that account is gone. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The instant its codes stop working (ISO 8601). */
  expiresAt: z.string(),
  voidedAt: z.string().nullable(),
  state: voucherBatchState,
  /** Codes made, codes redeemed, and codes voided (unredeemed codes of a voided batch). */
  counts: z.object({ created: z.number().int(), redeemed: z.number().int(), voided: z.number().int() }),
});
export type VoucherBatchView = z.infer<typeof voucherBatchView>;

export const voucherBatchResponse = z.object({ batch: voucherBatchView });
/** The batch made and its codes, written for reading (`XXXXX-XXXXX-XXXXX`). */
export const createVoucherBatchResponse = z.object({ batch: voucherBatchView, codes: z.array(z.string()) });
export const voucherBatchesQuery = z.object({ name: voucherBatchName.optional() });
export const voucherBatchesResponse = z.object({ batches: z.array(voucherBatchView) });

/** The header line of a batch's CSV. */
export const VOUCHER_CSV_HEADER = 'code,plan,batch,expiry';

/**
 * The instant a batch made at `createdAt` expires (ADR 042): the end of Kigali day `expiresOn` (`YYYY-MM-DD`, i.e.
 * 00:00 Kigali time the next day) or, without one, `months` calendar months after `createdAt` (a day the month lacks
 * becomes its last day: 31 January + 1 month is 28 or 29 February).
 */
export function voucherExpiry(createdAt: Date, expiresOn?: string, months = VOUCHER_DEFAULT_MONTHS): Date {
  if (expiresOn) return new Date(Date.parse(`${expiresOn}T00:00:00Z`) + 24 * 3_600_000 - KIGALI_OFFSET_MS);
  const d = new Date(createdAt);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
