/**
 * Numbers bound for PostgreSQL `real` columns (ratings, seconds). `real` keeps about 6 significant digits and
 * refuses a non-zero magnitude below about 1E-37 with an underflow error instead of rounding it (PostgreSQL
 * manual, "Floating-Point Types"), so a client's 1e-300 must never reach it.
 */

/**
 * Rounds to `decimals` places (1 for a rating in steps of 0.1, 3 for seconds to the millisecond): a zod
 * `.transform` for fields stored as `real`, so 1e-300 is stored as 0 and 0.30000000000000004 as 0.3.
 */
export const roundTo =
  (decimals: number) =>
  (v: number): number => {
    const f = 10 ** decimals;
    return Math.round(v * f) / f;
  };
