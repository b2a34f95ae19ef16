/**
 * Monthly statements of rights holders: the pure arithmetic (docs/decisions/051-statements.md). No I/O.
 *
 * Model: **user-centric**. Per currency, every payment counted in the month loses its fee, then the platform share
 * (⌊net × platformShareBps / 10 000⌋, per payment); what is left is the payer's pool. A pass payer's pool is split
 * across the titles *that payer* watched in the month, by their seconds; the pool of a pass payer who watched nothing
 * (or whose account is gone) is split across all titles by the seconds of the month's paying viewers in that currency
 * ("unwatched pool"), or kept by the platform when nobody who paid in that currency watched anything. A single-title
 * purchase's pool goes to that title alone. Each title's amount is then split across its holders by their shares
 * (basis points of the title; a title whose shares sum to less than 10 000 leaves the rest to the platform, a title
 * with no holder leaves all of it).
 *
 * Every split is a largest-remainder apportionment in integers (ties: the smaller key, title id or holder id), so in
 * each currency: Σ holders' amounts + Σ platform shares + Σ fees + retained = revenue, to the minor unit.
 * Amounts are integer minor units of their currency (RWF, UGX whole; USD cents); currencies are never added together.
 * Seconds are whole seconds of the minutes-watched ledger (ADR 049); minutes on statements are seconds / 60.
 */

/** One payment's part counted in the month (already spread by `monthPortion` for passes). */
export interface RevenueLine {
  paymentId: string;
  /** ISO 4217 code; lines of different currencies are never added together. */
  currency: string;
  /** Minor units counted in the month, ≥ 0. */
  amount: number;
  /** Operator or processor fee on that part, minor units, 0 ≤ fee ≤ amount. */
  fee: number;
  kind: 'pass' | 'title';
  /** The payer's user id (pass lines: whose viewing the pool follows); null once the account is deleted. */
  payerId: string | null;
  /** The display title bought (kind 'title'; ADR 023's film title id). */
  titleId?: string | null;
}

/** Seconds one viewer watched of one display title in the month (viewing_minutes summed). */
export interface ViewingLine {
  viewerId: string;
  titleId: string;
  seconds: number;
}

/** A holder's share of a title's part, basis points (1..10 000); a title's shares sum to at most 10 000. */
export interface HolderShare {
  titleId: string;
  holderId: string;
  shareBps: number;
}

export interface StatementInput {
  lines: readonly RevenueLine[];
  viewing: readonly ViewingLine[];
  shares: readonly HolderShare[];
  /** The platform's part of each payment net of fees, basis points (0..10 000). */
  platformShareBps: number;
}

/** One title on a holder's statement in one currency. */
export interface StatementLine {
  titleId: string;
  /** The holder's share of the title, basis points. */
  shareBps: number;
  /** Seconds of the title that carried money in this currency (paying viewers' seconds; not weighted by share). */
  seconds: number;
  /** The title's whole part from passes (before the split across holders). */
  titlePassAmount: number;
  /** The title's whole part from its single-title purchases. */
  titlePurchaseAmount: number;
  /** What this holder gets of the title, minor units. */
  amount: number;
}

export interface HolderStatement {
  holderId: string;
  currency: string;
  seconds: number;
  amount: number;
  /** By title id. */
  lines: StatementLine[];
}

/** A currency's totals: revenue = holders + platformShare + fees + retainedNoMinutes + retainedNoHolders. */
export interface CurrencyTotals {
  currency: string;
  revenue: number;
  passRevenue: number;
  titleRevenue: number;
  fees: number;
  platformShare: number;
  /** Pass money no paying viewer's minute in this currency could carry (kept by the platform). */
  retainedNoMinutes: number;
  /** Title parts with no holder, or the rest of shares summing under 10 000 (kept by the platform). */
  retainedNoHolders: number;
  /** Pass pools of payers who watched nothing, split by all paying viewers' seconds. */
  unwatchedPool: number;
  holders: number;
  /** Payers whose pass pool followed their own viewing. */
  viewers: number;
}

export interface StatementResult {
  currencies: CurrencyTotals[];
  /** By currency, then holder id. */
  statements: HolderStatement[];
}

/** A bad input: what is wrong, for the caller's error. */
export class StatementInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementInputError';
  }
}

const BPS = 10_000n;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Splits `total` (integer ≥ 0) across `weights` (integers ≥ 0, at least one > 0) in proportion, by largest
 * remainder: each key gets ⌊total × w / W⌋, then the units left go one each to the largest remainders, ties to the
 * smaller key. Exact in BigInt; Σ result = total. Keys with weight 0 get 0.
 */
export function apportion(total: number, weights: ReadonlyMap<string, number>): Map<string, number> {
  let sum = 0;
  for (const w of weights.values()) sum += w;
  // Exact in doubles while every product stays a safe integer (the usual case: a pass pool times seconds).
  if (sum > 0 && Number.isSafeInteger(total * sum)) return apportionSmall(total, weights, sum);
  const out = new Map<string, number>();
  let sumW = 0n;
  for (const w of weights.values()) sumW += BigInt(w);
  if (sumW === 0n) throw new StatementInputError('apportion: all weights are zero');
  const t = BigInt(total);
  const rems: { key: string; rem: bigint }[] = [];
  let given = 0n;
  for (const [key, w] of weights) {
    const p = t * BigInt(w);
    const q = p / sumW;
    out.set(key, Number(q));
    given += q;
    if (w > 0) rems.push({ key, rem: p % sumW });
  }
  let left = Number(t - given);
  if (left > 0) {
    rems.sort((a, b) => (a.rem === b.rem ? cmp(a.key, b.key) : a.rem > b.rem ? -1 : 1));
    for (let i = 0; left > 0; i++, left--) {
      const r = rems[i]!;
      out.set(r.key, out.get(r.key)! + 1);
    }
  }
  return out;
}

/** `apportion` in safe integers: every product total × w ≤ total × sum is below 2^53, so floor and remainder are exact. */
function apportionSmall(total: number, weights: ReadonlyMap<string, number>, sum: number): Map<string, number> {
  const out = new Map<string, number>();
  const rems: { key: string; rem: number }[] = [];
  let left = total;
  for (const [key, w] of weights) {
    const p = total * w;
    const rem = p % sum;
    const q = (p - rem) / sum;
    out.set(key, q);
    left -= q;
    if (w > 0) rems.push({ key, rem });
  }
  if (left > 0) {
    rems.sort((a, b) => (a.rem === b.rem ? cmp(a.key, b.key) : b.rem - a.rem));
    for (let i = 0; left > 0; i++, left--) {
      const r = rems[i]!;
      out.set(r.key, out.get(r.key)! + 1);
    }
  }
  return out;
}

/** The platform's share of `net` (⌊net × bps / 10 000⌋). */
export const platformShareOf = (net: number, bps: number) => Number((BigInt(net) * BigInt(bps)) / BPS);

const isWhole = (n: number) => Number.isSafeInteger(n) && n >= 0;

function check(input: StatementInput) {
  if (!Number.isInteger(input.platformShareBps) || input.platformShareBps < 0 || input.platformShareBps > 10_000) throw new StatementInputError(`platform share must be 0..10000 basis points, got ${input.platformShareBps}`);
  for (const l of input.lines) {
    if (!isWhole(l.amount) || !isWhole(l.fee) || l.fee > l.amount) throw new StatementInputError(`payment ${l.paymentId}: amount and fee must be whole minor units with 0 ≤ fee ≤ amount`);
    if (l.kind === 'title' && !l.titleId) throw new StatementInputError(`payment ${l.paymentId}: a title purchase names its title`);
  }
  for (const v of input.viewing) if (!isWhole(v.seconds)) throw new StatementInputError(`viewing of ${v.titleId}: seconds must be whole and ≥ 0`);
  const sums = new Map<string, number>();
  for (const s of input.shares) {
    if (!Number.isInteger(s.shareBps) || s.shareBps < 1 || s.shareBps > 10_000) throw new StatementInputError(`title ${s.titleId}, holder ${s.holderId}: share must be 1..10000 basis points`);
    sums.set(s.titleId, (sums.get(s.titleId) ?? 0) + s.shareBps);
  }
  for (const [t, sum] of sums) if (sum > 10_000) throw new StatementInputError(`title ${t}: holders' shares sum to ${sum} basis points, more than 10000`);
}

const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);

/**
 * Computes a month's statements (see the file's docstring for the model). Deterministic: the result depends only on
 * the input's contents, not on its order.
 * @throws StatementInputError for negative or fractional amounts or seconds, a fee above its amount, a title purchase
 * without a title, a share outside 1..10000 or shares of a title summing over 10000, a platform share outside 0..10000.
 */
export function computeStatements(input: StatementInput): StatementResult {
  check(input);
  // Seconds per viewer and title (rows of the same pair add up).
  const byViewer = new Map<string, Map<string, number>>();
  for (const v of input.viewing) {
    if (v.seconds === 0) continue;
    let m = byViewer.get(v.viewerId);
    if (!m) byViewer.set(v.viewerId, (m = new Map()));
    add(m, v.titleId, v.seconds);
  }
  const sharesByTitle = new Map<string, HolderShare[]>();
  for (const s of input.shares) {
    const list = sharesByTitle.get(s.titleId) ?? [];
    list.push(s);
    sharesByTitle.set(s.titleId, list);
  }
  const currencies = [...new Set(input.lines.map((l) => l.currency))].sort(cmp);
  const totals: CurrencyTotals[] = [];
  const statements: HolderStatement[] = [];

  for (const currency of currencies) {
    const lines = input.lines.filter((l) => l.currency === currency);
    const t: CurrencyTotals = { currency, revenue: 0, passRevenue: 0, titleRevenue: 0, fees: 0, platformShare: 0, retainedNoMinutes: 0, retainedNoHolders: 0, unwatchedPool: 0, holders: 0, viewers: 0 };
    const poolByPayer = new Map<string, number>();
    const purchaseByTitle = new Map<string, number>();
    for (const l of lines) {
      const net = l.amount - l.fee;
      const platform = platformShareOf(net, input.platformShareBps);
      t.revenue += l.amount;
      t.fees += l.fee;
      t.platformShare += platform;
      if (l.kind === 'pass') {
        t.passRevenue += l.amount;
        const payer = l.payerId !== null && byViewer.has(l.payerId) ? l.payerId : null;
        if (payer === null) t.unwatchedPool += net - platform;
        else add(poolByPayer, payer, net - platform);
      } else {
        t.titleRevenue += l.amount;
        add(purchaseByTitle, l.titleId!, net - platform);
      }
    }
    // Pass pools follow each payer's own seconds.
    const passByTitle = new Map<string, number>();
    const secondsByTitle = new Map<string, number>();
    for (const payer of [...poolByPayer.keys()].sort(cmp)) {
      const watched = byViewer.get(payer)!;
      for (const [title, s] of watched) add(secondsByTitle, title, s);
      const pool = poolByPayer.get(payer)!;
      if (pool === 0) continue;
      t.viewers++;
      for (const [title, amount] of apportion(pool, watched)) add(passByTitle, title, amount);
    }
    // Pools of payers who watched nothing: by all paying viewers' seconds, or kept.
    if (t.unwatchedPool > 0) {
      if (secondsByTitle.size === 0) t.retainedNoMinutes += t.unwatchedPool;
      else for (const [title, amount] of apportion(t.unwatchedPool, secondsByTitle)) add(passByTitle, title, amount);
    }
    // Each title's part across its holders.
    const byHolder = new Map<string, HolderStatement>();
    const titles = [...new Set([...passByTitle.keys(), ...purchaseByTitle.keys()])].sort(cmp);
    for (const title of titles) {
      const pass = passByTitle.get(title) ?? 0;
      const purchase = purchaseByTitle.get(title) ?? 0;
      const whole = pass + purchase;
      const holders = sharesByTitle.get(title) ?? [];
      const shareSum = holders.reduce((s, h) => s + h.shareBps, 0);
      const toHolders = shareSum === 0 ? 0 : Number((BigInt(whole) * BigInt(shareSum)) / BPS);
      t.retainedNoHolders += whole - toHolders;
      if (holders.length === 0) continue;
      const split = toHolders === 0 ? new Map(holders.map((h) => [h.holderId, 0])) : apportion(toHolders, new Map(holders.map((h) => [h.holderId, h.shareBps])));
      for (const h of holders) {
        let st = byHolder.get(h.holderId);
        if (!st) byHolder.set(h.holderId, (st = { holderId: h.holderId, currency, seconds: 0, amount: 0, lines: [] }));
        const amount = split.get(h.holderId)!;
        const seconds = secondsByTitle.get(title) ?? 0;
        st.lines.push({ titleId: title, shareBps: h.shareBps, seconds, titlePassAmount: pass, titlePurchaseAmount: purchase, amount });
        st.seconds += seconds;
        st.amount += amount;
        t.holders += amount;
      }
    }
    totals.push(t);
    statements.push(...[...byHolder.values()].sort((a, b) => cmp(a.holderId, b.holderId)));
  }
  return { currencies: totals, statements };
}

/** The first instant of month `YYYY-MM` and of the next one (UTC). @throws StatementInputError for a bad month. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) throw new StatementInputError(`month must be YYYY-MM, got "${month}"`);
  const y = Number(m[1]);
  const mo = Number(m[2]) - 1;
  return { start: new Date(Date.UTC(y, mo, 1)), end: new Date(Date.UTC(y, mo + 1, 1)) };
}

/**
 * The part of a pass payment counted in a month: the pass's money is spread evenly over its period
 * [start, start + durationSeconds) by the second, and month M gets ⌊A × (seconds up to M's end) / D⌋ −
 * ⌊A × (seconds up to M's start) / D⌋ (the same for the fee). The parts of all months sum to the payment exactly, so
 * no unit is lost or counted twice across months. A title purchase (durationSeconds 0) counts whole in the month
 * where `start` falls.
 */
export function monthPortion(p: { amount: number; fee: number; start: Date; durationSeconds: number }, month: string): { amount: number; fee: number } {
  const { start, end } = monthBounds(month);
  const s = Math.floor(p.start.getTime() / 1000);
  if (p.durationSeconds <= 0) {
    const inside = p.start >= start && p.start < end;
    return inside ? { amount: p.amount, fee: p.fee } : { amount: 0, fee: 0 };
  }
  const d = BigInt(p.durationSeconds);
  const elapsed = (at: Date) => BigInt(Math.min(p.durationSeconds, Math.max(0, Math.floor(at.getTime() / 1000) - s)));
  const part = (x: number) => Number((BigInt(x) * elapsed(end)) / d - (BigInt(x) * elapsed(start)) / d);
  return { amount: part(p.amount), fee: part(p.fee) };
}

/**
 * The arithmetic of one holder's statement in words (printed on every statement, page and CLI), from the month's
 * totals in that currency and the holder's lines. Lines: English, figures as integers of minor units.
 */
export function explainStatement(st: HolderStatement, t: CurrencyTotals, platformShareBps: number): string[] {
  const pct = (bps: number) => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
  const out = [
    `Model: user-centric (docs/decisions/051-statements.md). ${t.currency}, minor units.`,
    `Revenue ${t.revenue} (passes ${t.passRevenue}, single titles ${t.titleRevenue}) − fees ${t.fees} − platform share ${t.platformShare} (${pct(platformShareBps)} of each payment net of fees, rounded down) = ${t.revenue - t.fees - t.platformShare} for titles.`,
    `Each pass payer's part followed that payer's own seconds watched (${t.viewers} payers); ${t.unwatchedPool} from payers who watched nothing was split by all paying viewers' seconds${t.retainedNoMinutes ? ` (${t.retainedNoMinutes} kept: nobody watched)` : ''}; ${t.retainedNoHolders} of titles without (full) holders was kept.`,
  ];
  for (const l of st.lines) {
    out.push(`${l.titleId}: title part ${l.titlePassAmount} (passes, ${Math.floor(l.seconds / 60)} min) + ${l.titlePurchaseAmount} (single purchases) = ${l.titlePassAmount + l.titlePurchaseAmount}; your share ${pct(l.shareBps)} → ${l.amount} (largest remainder, ties by holder id).`);
  }
  out.push(`Total ${st.amount} ${st.currency}.`);
  return out;
}
