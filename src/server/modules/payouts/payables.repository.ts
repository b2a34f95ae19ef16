/**
 * What a closed month owes each rights holder: the ONE place the payout run reads the statements
 * (docs/decisions/051-statements.md; src/server/db/schema/statements.ts) and the holders' numbers
 * (docs/decisions/050-rights-and-licences.md: translators.phone, rights_parties.msisdn), so a change of their shapes
 * touches this file alone (docs/decisions/052-payout-run.md).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** One holder's statement amount in one currency of a closed month. */
export interface Payable {
  /** The statements' holder key: `translator:<uuid>` or `party:<uuid>` (the operator, Sobanura itself, is never listed). */
  holderKey: string;
  /** The holder's name as the statement has it (at close). */
  holderName: string;
  /** ISO 4217. */
  currency: string;
  /** Integer minor units of `currency`, ≥ 0. */
  amount: number;
  /** The holder's mobile-money number as it is NOW (a correction made after the close counts), or null. */
  msisdn: string | null;
}

export interface MonthPayables {
  /** Whether the month is closed (its statements frozen by a super admin, ADR 051); nothing is payable before. */
  closed: boolean;
  /** Every holder's statement of the month in each currency, by holder key then currency; empty when not closed. */
  rows: Payable[];
}

export interface PayablesSource {
  /**
   * The statements of `month` (`YYYY-MM`, already checked) with each holder's current number.
   * A month is closed when it has a `statement_closes` row (written by the close, even for a month without revenue).
   */
  payables(month: string): Promise<MonthPayables>;
  /** The holder's current number (as `payables` reads it), or null; for a retry after the number was corrected. */
  numberOf(holderKey: string): Promise<string | null>;
}

/** The holder's current number by kind: a translator's phone, a party's MSISDN (both stored E.164 without "+"). */
const CURRENT_NUMBER = sql`case s.holder_kind
  when 'translator' then (select t.phone from translators t where t.id = s.holder_ref)
  when 'party' then (select p.msisdn from rights_parties p where p.id = s.holder_ref)
end`;

const rowsOf = (r: unknown): Record<string, unknown>[] => (r as { rows: Record<string, unknown>[] }).rows;

export function createPayablesSource(db: Database): PayablesSource {
  return {
    async payables(month) {
      const closed = await db.execute(sql`select 1 from statement_closes where month = ${month} limit 1`);
      if (rowsOf(closed).length === 0) return { closed: false, rows: [] };
      const res = await db.execute(sql`
        select s.holder_id, s.holder_name, s.currency, s.amount, ${CURRENT_NUMBER} as msisdn
        from statements s
        where s.month = ${month} and s.holder_kind <> 'operator'
        order by s.holder_id, s.currency`);
      return {
        closed: true,
        rows: rowsOf(res).map((r) => ({
          holderKey: String(r.holder_id),
          holderName: String(r.holder_name),
          currency: String(r.currency),
          amount: Number(r.amount),
          msisdn: (r.msisdn as string | null) ?? null,
        })),
      };
    },
    async numberOf(holderKey) {
      const res = await db.execute(sql`
        select ${CURRENT_NUMBER} as msisdn from statements s where s.holder_id = ${holderKey} order by s.month desc limit 1`);
      return (rowsOf(res)[0]?.msisdn as string | null | undefined) ?? null;
    },
  };
}
