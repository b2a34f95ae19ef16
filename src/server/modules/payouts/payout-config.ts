/**
 * The payout run's settings (docs/decisions/052-payout-run.md), read by config.ts beside the disbursement clients'
 * (ADR 048):
 * - PAYOUT_MINIMUMS: the smallest amount paid per currency, `CUR:amount` in minor units separated by commas; default
 *   `RWF:1000,UGX:5000` (about the same small sum in both: an operator's transfer fee and a holder's SMS are not
 *   worth less). A currency not listed has no minimum. A smaller payable amount is carried to the next month.
 * - PAYOUT_POLL_SECONDS (5): seconds between two status questions about accepted payouts;
 * - PAYOUT_WAIT_SECONDS (120): how long `sobanura payout run` keeps asking before it leaves accepted payouts for the
 *   next run (the admin route asks once and returns).
 */
import { z } from 'zod';

export interface PayoutsConfig {
  /** Minimum per ISO 4217 code, minor units. */
  minimums: Record<string, number>;
  pollSeconds: number;
  waitSeconds: number;
}

export const DEFAULT_PAYOUT_MINIMUMS = 'RWF:1000,UGX:5000';

const minimums = z
  .string()
  .regex(/^\s*[A-Z]{3}:\d{1,12}\s*(,\s*[A-Z]{3}:\d{1,12}\s*)*$/, 'must be CURRENCY:amount pairs in minor units separated by commas, e.g. RWF:1000,UGX:5000')
  .transform((v) => Object.fromEntries(v.split(',').map((p) => p.trim().split(':')).map(([c, a]) => [c!, Number(a)])) as Record<string, number>);

export const PAYOUT_ENV = {
  PAYOUT_MINIMUMS: minimums.prefault(DEFAULT_PAYOUT_MINIMUMS),
  PAYOUT_POLL_SECONDS: z.coerce.number().min(0.05, 'must be at least 0.05 seconds').max(3600, 'must be at most 3600 seconds').default(5),
  PAYOUT_WAIT_SECONDS: z.coerce.number().min(0, 'must be 0 or more seconds').max(86_400, 'must be at most 86400 seconds').default(120),
};

/**
 * The payout run's part of the configuration from the environment `given` (empty values already dropped).
 * @returns `config`, and `errors`: one line per bad variable, `NAME: why` (the caller throws ConfigError with them).
 */
export function readPayoutConfig(given: Record<string, string | undefined>): { config: PayoutsConfig; errors: string[] } {
  const r = z.object(PAYOUT_ENV).safeParse(given);
  if (!r.success) return { config: { minimums: {}, pollSeconds: 5, waitSeconds: 120 }, errors: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  return { config: { minimums: r.data.PAYOUT_MINIMUMS, pollSeconds: r.data.PAYOUT_POLL_SECONDS, waitSeconds: r.data.PAYOUT_WAIT_SECONDS }, errors: [] };
}
