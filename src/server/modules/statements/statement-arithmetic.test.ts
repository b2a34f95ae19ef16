/**
 * The statements arithmetic (docs/decisions/051-statements.md) as properties over random months: payments in two
 * currencies (passes and single titles, some payers gone), viewers with grants or vouchers (minutes, no money),
 * viewing, and holders' shares; plus worked examples and bad input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion, computeStatements, explainStatement, monthBounds, monthPortion, StatementInputError, type HolderShare, type RevenueLine, type StatementInput, type ViewingLine } from './statement-arithmetic.js';

const VIEWERS = ['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7'];
const TITLES = ['t0', 't1', 't2', 't3', 't4', 't5'];
const HOLDERS = ['h0', 'h1', 'h2', 'h3'];

const line = fc.record({
  currency: fc.constantFrom('RWF', 'USD'),
  amount: fc.integer({ min: 0, max: 200_000 }),
  feeBps: fc.integer({ min: 0, max: 10_000 }),
  kind: fc.constantFrom<'pass' | 'title'>('pass', 'pass', 'title'),
  payerId: fc.option(fc.constantFrom(...VIEWERS), { freq: 6 }),
  titleId: fc.constantFrom(...TITLES),
});
const viewing = fc.array(fc.record({ viewerId: fc.constantFrom(...VIEWERS, 'grant-only-1', 'grant-only-2'), titleId: fc.constantFrom(...TITLES), seconds: fc.integer({ min: 0, max: 50_000 }) }), { maxLength: 40 });
/** Per title: none, or some holders with shares summing to at most 10 000 (often exactly). */
const shares = fc
  .array(fc.tuple(fc.constantFrom(...TITLES), fc.subarray(HOLDERS, { minLength: 1 }), fc.boolean(), fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 4, maxLength: 4 })), { maxLength: 6 })
  .map((rows) => {
    const out: HolderShare[] = [];
    const seen = new Set<string>();
    for (const [titleId, holders, full, ws] of rows) {
      if (seen.has(titleId)) continue;
      seen.add(titleId);
      const budget = full ? 10_000 : 7_000;
      const w = holders.map((_, i) => ws[i]!);
      const sumW = w.reduce((a, b) => a + b, 0);
      const bps = w.map((x) => Math.max(1, Math.floor((budget * x) / sumW)));
      if (full) bps[0]! += 10_000 - bps.reduce((a, b) => a + b, 0);
      holders.forEach((holderId, i) => out.push({ titleId, holderId, shareBps: bps[i]! }));
    }
    return out.filter((s) => s.shareBps >= 1);
  });
const month = fc.record({ lines: fc.array(line, { maxLength: 30 }), viewing, shares, platformShareBps: fc.integer({ min: 0, max: 10_000 }) }).map(
  (m): StatementInput => ({
    lines: m.lines.map((l, i): RevenueLine => ({ paymentId: `p${i}`, currency: l.currency, amount: l.amount, fee: Math.floor((l.amount * l.feeBps) / 10_000 / 10), kind: l.kind, payerId: l.payerId, titleId: l.kind === 'title' ? l.titleId : null })),
    viewing: m.viewing,
    shares: m.shares,
    platformShareBps: m.platformShareBps,
  }),
);

describe('computeStatements (properties)', () => {
  it('statements + platform share + fees + retained = revenue, to the unit, in each currency; nothing negative', () => {
    fc.assert(
      fc.property(month, (input) => {
        const r = computeStatements(input);
        for (const t of r.currencies) {
          const revenue = input.lines.filter((l) => l.currency === t.currency).reduce((s, l) => s + l.amount, 0);
          const holders = r.statements.filter((s) => s.currency === t.currency).reduce((s, st) => s + st.amount, 0);
          expect(t.revenue).toBe(revenue);
          expect(holders).toBe(t.holders);
          expect(holders + t.platformShare + t.fees + t.retainedNoMinutes + t.retainedNoHolders).toBe(revenue);
          for (const k of ['fees', 'platformShare', 'retainedNoMinutes', 'retainedNoHolders', 'holders'] as const) expect(t[k]).toBeGreaterThanOrEqual(0);
        }
        for (const st of r.statements) {
          expect(st.amount).toBe(st.lines.reduce((s, l) => s + l.amount, 0));
          for (const l of st.lines) expect(l.amount).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(st.amount)).toBe(true);
        }
      }),
      { seed: 20261129, numRuns: 400 },
    );
  });

  it('is deterministic: the same month in any order gives the same statements', () => {
    fc.assert(
      fc.property(month, fc.integer(), (input, salt) => {
        const shuffle = <T>(a: readonly T[]) => a.map((x, i) => ({ x, k: Math.sin(salt + i) })).sort((p, q) => p.k - q.k).map((p) => p.x);
        const again = computeStatements({ ...input, lines: shuffle(input.lines), viewing: shuffle(input.viewing), shares: shuffle(input.shares) });
        expect(again).toEqual(computeStatements(input));
      }),
      { seed: 20261130, numRuns: 200 },
    );
  });

  it('titles without minutes get nothing from passes; a title purchase goes to its title alone', () => {
    fc.assert(
      fc.property(month, (input) => {
        const r = computeStatements(input);
        const watched = new Set(input.viewing.filter((v) => v.seconds > 0).map((v) => v.titleId));
        for (const st of r.statements)
          for (const l of st.lines) {
            if (!watched.has(l.titleId)) expect(l.titlePassAmount).toBe(0);
            const bought = input.lines.filter((x) => x.kind === 'title' && x.titleId === l.titleId && x.currency === st.currency);
            if (bought.length === 0) expect(l.titlePurchaseAmount).toBe(0);
          }
      }),
      { seed: 20261131, numRuns: 300 },
    );
  });

  it('a viewer with minutes and no payment (grant, voucher, gift) moves no money to what they watched', () => {
    fc.assert(
      fc.property(month, fc.constantFrom(...TITLES), fc.integer({ min: 1, max: 1_000_000 }), (input, title, seconds) => {
        const withGrant = computeStatements({ ...input, viewing: [...input.viewing.filter((v) => !v.viewerId.startsWith('grant')), { viewerId: 'grant-only-9', titleId: title, seconds }] });
        const without = computeStatements({ ...input, viewing: input.viewing.filter((v) => !v.viewerId.startsWith('grant')) });
        expect(withGrant.statements.map((s) => [s.holderId, s.currency, s.amount])).toEqual(without.statements.map((s) => [s.holderId, s.currency, s.amount]));
      }),
      { seed: 20261132, numRuns: 200 },
    );
  });
});

describe('computeStatements (worked examples)', () => {
  it('user-centric: each payer’s money follows their own minutes; 30% platform share; shares by holder', () => {
    const r = computeStatements({
      platformShareBps: 3000,
      lines: [
        { paymentId: 'a', currency: 'RWF', amount: 7000, fee: 0, kind: 'pass', payerId: 'niche-fan' },
        { paymentId: 'b', currency: 'RWF', amount: 7000, fee: 140, kind: 'pass', payerId: 'binger' },
        { paymentId: 'c', currency: 'USD', amount: 199, fee: 9, kind: 'title', payerId: 'abroad', titleId: 'hit' },
      ],
      viewing: [
        { viewerId: 'niche-fan', titleId: 'niche', seconds: 600 },
        { viewerId: 'binger', titleId: 'hit', seconds: 90_000 },
        { viewerId: 'binger', titleId: 'niche', seconds: 10_000 },
      ],
      shares: [
        { titleId: 'niche', holderId: 'ana', shareBps: 10_000 },
        { titleId: 'hit', holderId: 'ben', shareBps: 6000 },
        { titleId: 'hit', holderId: 'cy', shareBps: 4000 },
      ],
    });
    // RWF: niche-fan 7000 → 2100 platform, 4900 to niche. binger 6860 net → 2058 platform, 4802: hit 4321.8, niche 480.2 → 4322/480.
    const rwf = r.statements.filter((s) => s.currency === 'RWF');
    expect(rwf.map((s) => [s.holderId, s.amount])).toEqual([['ana', 4900 + 480], ['ben', 2593], ['cy', 1729]]);
    expect(r.currencies[0]).toMatchObject({ currency: 'RWF', revenue: 14_000, fees: 140, platformShare: 4158, holders: 9702, retainedNoHolders: 0 });
    // USD: 199 − 9 = 190 → 57 platform, 133 to hit: ben 79.8 → 80, cy 53.2 → 53.
    expect(r.statements.filter((s) => s.currency === 'USD').map((s) => [s.holderId, s.amount])).toEqual([['ben', 80], ['cy', 53]]);
    const explained = explainStatement(rwf[0]!, r.currencies[0]!, 3000);
    expect(explained.join('\n')).toContain('platform share 4158 (30% of each payment net of fees');
    expect(explained.at(-1)).toBe('Total 5380 RWF.');
  });

  it('a payer who watched nothing: their pool goes by all paying viewers’ seconds; kept when nobody watched', () => {
    const base = { platformShareBps: 0, shares: [{ titleId: 'x', holderId: 'h', shareBps: 10_000 }] };
    const r = computeStatements({ ...base, lines: [{ paymentId: 'a', currency: 'UGX', amount: 1000, fee: 0, kind: 'pass', payerId: 'idle' }, { paymentId: 'b', currency: 'UGX', amount: 500, fee: 0, kind: 'pass', payerId: 'w' }], viewing: [{ viewerId: 'w', titleId: 'x', seconds: 60 }] });
    expect(r.statements).toMatchObject([{ holderId: 'h', amount: 1500 }]);
    expect(r.currencies[0]!.unwatchedPool).toBe(1000);
    const none = computeStatements({ ...base, lines: [{ paymentId: 'a', currency: 'UGX', amount: 1000, fee: 0, kind: 'pass', payerId: 'idle' }], viewing: [] });
    expect(none.statements).toEqual([]);
    expect(none.currencies[0]!.retainedNoMinutes).toBe(1000);
  });

  it('apportion: sums to the total, each part ⌊quota⌋ or ⌊quota⌋ + 1, for small and past-2^53 products alike', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })), fc.dictionary(key, fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 2 ** 40 })), { minKeys: 1 }), (total, dict) => {
        const weights = new Map(Object.entries(dict));
        if ([...weights.values()].every((w) => w === 0)) weights.set('z', 1);
        const sum = [...weights.values()].reduce((a, b) => a + BigInt(b), 0n);
        const got = apportion(total, weights);
        expect([...got.values()].reduce((a, b) => a + BigInt(b), 0n)).toBe(BigInt(total));
        for (const [k, w] of weights) {
          const floor = (BigInt(total) * BigInt(w)) / sum;
          expect(BigInt(got.get(k)!) - floor).toBeGreaterThanOrEqual(0n);
          expect(BigInt(got.get(k)!) - floor).toBeLessThanOrEqual(w === 0 ? 0n : 1n);
        }
      }),
      { seed: 20261134, numRuns: 500 },
    );
  });

  it('ties of the largest remainder go to the smaller holder id', () => {
    expect([...apportion(1, new Map([['b', 1], ['a', 1]]))]).toEqual([['b', 0], ['a', 1]]);
    expect([...apportion(10, new Map([['z', 1], ['y', 1], ['x', 1]])).entries()].sort()).toEqual([['x', 4], ['y', 3], ['z', 3]]);
  });
});

describe('monthPortion and monthBounds', () => {
  it('spreads a pass by the second over the months it spans, the parts summing to the payment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 400 * 86_400 }), fc.integer({ min: 0, max: 365 * 86_400 }), (amount, duration, offset) => {
        const start = new Date(Date.UTC(2026, 0, 1) + offset * 1000);
        const months: string[] = [];
        for (let y = 2026; y <= 2028; y++) for (let m = 1; m <= 12; m++) months.push(`${y}-${String(m).padStart(2, '0')}`);
        const parts = months.map((m) => monthPortion({ amount, fee: Math.floor(amount / 50), start, durationSeconds: duration }, m));
        expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(amount);
        expect(parts.reduce((s, p) => s + p.fee, 0)).toBe(Math.floor(amount / 50));
        for (const p of parts) expect(p.amount).toBeGreaterThanOrEqual(p.fee);
      }),
      { seed: 20261133, numRuns: 300 },
    );
  });

  it('a monthly pass bought on 16 November counts half in November and half in December', () => {
    const p = { amount: 7000, fee: 0, start: new Date('2026-11-16T00:00:00Z'), durationSeconds: 30 * 86_400 };
    expect(monthPortion(p, '2026-11').amount).toBe(3500);
    expect(monthPortion(p, '2026-12').amount).toBe(3500);
    expect(monthPortion({ ...p, durationSeconds: 0 }, '2026-11').amount).toBe(7000);
    expect(monthPortion({ ...p, durationSeconds: 0 }, '2026-12').amount).toBe(0);
  });

  it('refuses a bad month', () => {
    for (const bad of ['2026-13', '2026-1', '26-01', '2026-00', '']) expect(() => monthBounds(bad)).toThrow(StatementInputError);
    expect(monthBounds('2026-12')).toEqual({ start: new Date('2026-12-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') });
  });
});

describe('computeStatements (bad input)', () => {
  const ok: StatementInput = { platformShareBps: 3000, lines: [], viewing: [], shares: [] };
  const bad: [string, Partial<StatementInput>][] = [
    ['platform share', { platformShareBps: 10_001 }],
    ['negative amount', { lines: [{ paymentId: 'a', currency: 'RWF', amount: -1, fee: 0, kind: 'pass', payerId: 'v' }] }],
    ['fee above amount', { lines: [{ paymentId: 'a', currency: 'RWF', amount: 10, fee: 11, kind: 'pass', payerId: 'v' }] }],
    ['fractional amount', { lines: [{ paymentId: 'a', currency: 'USD', amount: 1.5, fee: 0, kind: 'pass', payerId: 'v' }] }],
    ['title purchase without title', { lines: [{ paymentId: 'a', currency: 'RWF', amount: 10, fee: 0, kind: 'title', payerId: 'v', titleId: null }] }],
    ['negative seconds', { viewing: [{ viewerId: 'v', titleId: 't', seconds: -5 } as ViewingLine] }],
    ['shares over 100%', { shares: [{ titleId: 't', holderId: 'a', shareBps: 6000 }, { titleId: 't', holderId: 'b', shareBps: 5000 }] }],
    ['zero share', { shares: [{ titleId: 't', holderId: 'a', shareBps: 0 }] }],
  ];
  it.each(bad)('refuses %s', (_, patch) => {
    expect(() => computeStatements({ ...ok, ...patch })).toThrow(StatementInputError);
  });
});
