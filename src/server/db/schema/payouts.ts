/**
 * Payouts of rights holders' monthly statements to their mobile-money wallets (docs/decisions/052-payout-run.md,
 * on the clients of docs/decisions/048-disbursement-clients.md; docs/product/admin.md "Payouts").
 *
 * `payouts`: one row per attempt to pay one holder one month's amount in one currency, or per amount carried to a
 * later month. `id` is a UUID v4 chosen by the run and IS the transfer's reference at the operator (MTN
 * X-Reference-Id, Airtel transaction.id): the row is committed before the transfer is sent, so a run killed at any
 * point finds it again and asks the operator about that reference before anything else (ADR 048's contract).
 * - `month` `YYYY-MM` of the closed statements it pays; `holder_key` the holder as the statements name it
 *   (payables.repository.ts), `holder_name` its name when the row was made (a snapshot for the list);
 * - `amount` integer minor units of `currency` (RWF, UGX whole): this month's statement amount plus
 *   `carried_in`, the amounts of earlier `carried` rows this row took over (they point here by `carried_into`);
 * - `msisdn` (E.164 without "+") and `country` (ISO 3166-1 alpha-2) the wallet paid; null on a carried row without
 *   a usable number; `provider` the disbursement client's `name` it was sent with (`mtn`, `airtel`, `sandbox`…),
 *   asked again by that name only;
 * - `status`: `created` (stored; the transfer may or may not have reached the operator: in doubt until `status`
 *   says), `accepted` (the operator holds it; not yet paid), `successful` (paid; `operator_transaction_id`),
 *   `failed` (the operator says it did not happen; `reason`), `refused` (refused at once; `reason`), `carried`
 *   (not sent: `reason` says why; taken over by a later month's row, `carried_into`);
 * - `superseded_by`: a super admin's retry of a failed, refused or carried row made this new row (a new reference).
 *
 * At most one live payout (created, accepted, successful) per holder, month and currency (`payouts_live_uq`), and
 * at most one row per holder, month and currency not superseded (`payouts_current_uq`): two runs at once cannot both
 * pay nor both carry the same amount. At most one row takes over each carried row (`carried_into` set once, under
 * the run's lock).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const PAYOUT_STATUSES = ['created', 'accepted', 'successful', 'failed', 'refused', 'carried'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const payouts = pgTable(
  'payouts',
  {
    /** UUID v4, the transfer's reference at the operator; chosen by the run (randomUUID), never by the database. */
    id: uuid('id').primaryKey(),
    /** `YYYY-MM`. */
    month: text('month').notNull(),
    holderKey: text('holder_key').notNull(),
    holderName: text('holder_name').notNull(),
    /** ISO 4217. */
    currency: text('currency').notNull(),
    /** Minor units of `currency`, > 0: statement amount + carried_in. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Minor units taken over from earlier carried rows (part of `amount`). */
    carriedIn: bigint('carried_in', { mode: 'number' }).notNull().default(0),
    msisdn: text('msisdn'),
    country: text('country'),
    provider: text('provider'),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    reason: text('reason'),
    operatorTransactionId: text('operator_transaction_id'),
    supersededBy: uuid('superseded_by'),
    carriedInto: uuid('carried_into'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_live_uq').on(t.month, t.holderKey, t.currency).where(sql`${t.status} in ('created', 'accepted', 'successful')`),
    uniqueIndex('payouts_current_uq').on(t.month, t.holderKey, t.currency).where(sql`${t.supersededBy} is null`),
    index('payouts_month_idx').on(t.month, t.status),
    // Carried amounts not yet taken over: the next month's run reads them per holder.
    index('payouts_open_carry_idx').on(t.holderKey, t.currency).where(sql`${t.status} = 'carried' and ${t.carriedInto} is null and ${t.supersededBy} is null`),
    check('payouts_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('payouts_amount', sql`${t.amount} > 0 and ${t.carriedIn} >= 0 and ${t.carriedIn} <= ${t.amount}`),
    check('payouts_sent', sql`${t.status} = 'carried' or (${t.msisdn} is not null and ${t.country} is not null and ${t.provider} is not null)`),
  ],
);
