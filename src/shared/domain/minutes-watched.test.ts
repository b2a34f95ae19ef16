/** The minutes-watched crediting rules (ADR 049), as properties over random heartbeat timelines and offline reports. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_CREDIT_CAP_SECONDS, heartbeatCredit, maskSeconds, minuteMasks, offlineCredit, type PlayerState, type SessionMark } from './minutes-watched.js';

const T0 = Date.UTC(2026, 10, 29, 12, 0, 0, 0);
/** Gaps between heartbeats, ms (0 to 100 s: late, early, same-millisecond), and the state each heartbeat gives. */
const beats = fc.array(fc.record({ gapMs: fc.integer({ min: 0, max: 100_000 }), state: fc.constantFrom<PlayerState>('playing', 'playing', 'paused') }), { minLength: 1, maxLength: 60 });

/** Runs one session's heartbeats from `startMs`; the windows credited and the beat times. */
function runSession(startMs: number, list: { gapMs: number; state: PlayerState }[]) {
  let mark: SessionMark | null = null;
  let now = startMs;
  const windows: { fromSec: number; toSec: number }[] = [];
  const times: number[] = [];
  const states: PlayerState[] = [];
  for (const b of list) {
    now += b.gapMs;
    const c = heartbeatCredit(mark, b.state, now);
    windows.push({ fromSec: c.fromSec, toSec: c.toSec });
    times.push(now);
    states.push(b.state);
    mark = c.mark;
  }
  return { windows, times, states };
}
const seconds = (ws: { fromSec: number; toSec: number }[]) => ws.reduce((s, w) => s + (w.toSec - w.fromSec), 0);

/** The set of seconds credited, as (minute → OR of masks), the way the ledger merges rows. */
function ledgerOf(windows: { fromSec: number; toSec: number }[], into = new Map<number, bigint>()) {
  for (const w of windows) for (const m of minuteMasks(w.fromSec, w.toSec)) into.set(m.minuteSec, (into.get(m.minuteSec) ?? 0n) | m.mask);
  return into;
}
const ledgerSeconds = (l: Map<number, bigint>) => [...l.values()].reduce((s, m) => s + maskSeconds(m), 0);

describe('heartbeatCredit', () => {
  it('credits 30 s for each heartbeat on time, nothing for the first, and whole seconds only after it', () => {
    // The first heartbeat at 12:00:00.4: the chain starts at 12:00:01, so the first window is 29 s.
    const { windows } = runSession(T0 + 400, Array.from({ length: 5 }, () => ({ gapMs: 30_000, state: 'playing' as const })));
    expect(windows.map((w) => w.toSec - w.fromSec)).toEqual([0, 29, 30, 30, 30]);
  });

  it('never credits more than the wall time between the first and the last heartbeat; windows never overlap or exceed the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), beats, (offset, list) => {
        const { windows, times } = runSession(T0 + offset, list);
        const wall = (times[times.length - 1]! - times[0]!) / 1000;
        expect(seconds(windows)).toBeLessThanOrEqual(wall);
        for (const w of windows) {
          expect(w.toSec - w.fromSec).toBeGreaterThanOrEqual(0);
          expect(w.toSec - w.fromSec).toBeLessThanOrEqual(HEARTBEAT_CREDIT_CAP_SECONDS);
          expect(w.fromSec * 1000).toBeGreaterThanOrEqual(times[0]!);
        }
        const nonEmpty = windows.filter((w) => w.toSec > w.fromSec);
        for (let i = 1; i < nonEmpty.length; i++) expect(nonEmpty[i]!.fromSec).toBeGreaterThanOrEqual(nonEmpty[i - 1]!.toSec);
      }),
    );
  });

  it('credits nothing for the heartbeat after a paused one, nor for the first of a session', () => {
    fc.assert(
      fc.property(beats, (list) => {
        const { windows, states } = runSession(T0, list);
        expect(windows[0]!.toSec).toBe(windows[0]!.fromSec);
        for (let i = 1; i < windows.length; i++) if (states[i - 1] === 'paused') expect(windows[i]!.toSec - windows[i]!.fromSec).toBe(0);
      }),
    );
  });

  it('credits nothing at all to a player that only ever says paused (a client can under-count, never over-count)', () => {
    fc.assert(fc.property(beats, (list) => seconds(runSession(T0, list.map((b) => ({ ...b, state: 'paused' as const }))).windows) === 0));
  });

  it('counts a second once across two devices playing the same title: the merged ledger stays within wall time', () => {
    fc.assert(
      fc.property(beats, beats, fc.integer({ min: 0, max: 60_000 }), (a, b, shift) => {
        const s1 = runSession(T0, a);
        const s2 = runSession(T0 + shift, b);
        const ledger = ledgerOf(s2.windows, ledgerOf(s1.windows));
        const first = Math.min(s1.times[0]!, s2.times[0]!);
        const last = Math.max(s1.times[s1.times.length - 1]!, s2.times[s2.times.length - 1]!);
        expect(ledgerSeconds(ledger)).toBeLessThanOrEqual((last - first) / 1000);
        expect(ledgerSeconds(ledger)).toBeLessThanOrEqual(seconds(s1.windows) + seconds(s2.windows));
        for (const mask of ledger.values()) expect(maskSeconds(mask)).toBeLessThanOrEqual(60);
      }),
    );
  });

  it('adds nothing when the same heartbeat arrives again in the same second, and never moves the mark back', () => {
    const first = heartbeatCredit({ anchorSec: T0 / 1000, state: 'playing' }, 'playing', T0 + 30_200);
    const replay = heartbeatCredit(first.mark, 'playing', T0 + 30_900);
    expect(first.toSec - first.fromSec).toBe(30);
    expect(replay.toSec - replay.fromSec).toBe(0);
    const late = heartbeatCredit(first.mark, 'playing', T0 + 10_000);
    expect(late.toSec).toBe(late.fromSec);
    expect(late.mark.anchorSec).toBe(first.mark.anchorSec);
  });

  it('caps a late heartbeat at the interval plus the slack, from the previous heartbeat', () => {
    const c = heartbeatCredit({ anchorSec: T0 / 1000, state: 'playing' }, 'playing', T0 + 70_000);
    expect(c).toEqual({ fromSec: T0 / 1000, toSec: T0 / 1000 + HEARTBEAT_CREDIT_CAP_SECONDS, mark: { anchorSec: T0 / 1000 + 70, state: 'playing' } });
  });
});

describe('minuteMasks', () => {
  it('splits a window by UTC minute into masks whose bits add up to its length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 400 }), (from, len) => {
        const fromSec = T0 / 1000 + from;
        const parts = minuteMasks(fromSec, fromSec + len);
        expect(parts.reduce((s, p) => s + p.seconds, 0)).toBe(len);
        for (const p of parts) {
          expect(p.minuteSec % 60).toBe(0);
          expect(maskSeconds(p.mask)).toBe(p.seconds);
          expect(p.mask >> 60n).toBe(0n);
        }
      }),
    );
  });
  it('gives bits 58 and 59 of one minute and bit 0 of the next for 12:00:58 to 12:01:01', () => {
    const s = T0 / 1000;
    expect(minuteMasks(s + 58, s + 61)).toEqual([
      { minuteSec: s, mask: (1n << 58n) | (1n << 59n), seconds: 2 },
      { minuteSec: s + 60, mask: 1n, seconds: 1 },
    ]);
    expect(minuteMasks(s, s)).toEqual([]);
  });
});

describe('offlineCredit', () => {
  const play = fc.record({ fromMs: fc.integer({ min: T0 - 86_400_000, max: T0 + 4 * 86_400_000 }), lenMs: fc.integer({ min: -10_000, max: 20_000_000 }) }).map((p) => ({ fromMs: p.fromMs, toMs: p.fromMs + p.lenMs }));
  it('keeps reported play inside the time since the last check-in, merged, never longer than that time', () => {
    fc.assert(
      fc.property(fc.array(play, { maxLength: 40 }), fc.integer({ min: 0, max: 3 * 86_400_000 }), (reported, elapsed) => {
        const since = T0 + 123;
        const now = since + elapsed;
        const ws = offlineCredit(reported, since, now);
        expect(seconds(ws)).toBeLessThanOrEqual(elapsed / 1000);
        for (let i = 0; i < ws.length; i++) {
          expect(ws[i]!.fromSec * 1000).toBeGreaterThanOrEqual(since);
          expect(ws[i]!.toSec * 1000).toBeLessThanOrEqual(now);
          if (i) expect(ws[i]!.fromSec).toBeGreaterThan(ws[i - 1]!.toSec);
        }
      }),
    );
  });
  it('credits nothing for play reported before the last check-in or after the server time', () => {
    expect(offlineCredit([{ fromMs: T0 - 7_200_000, toMs: T0 - 1 }, { fromMs: T0 + 3_600_000, toMs: T0 + 7_200_000 }], T0, T0 + 60_000)).toEqual([]);
    expect(offlineCredit([{ fromMs: T0 - 10_000, toMs: T0 + 10_000 }, { fromMs: T0 + 5_000, toMs: T0 + 20_000 }], T0, T0 + 60_000)).toEqual([{ fromSec: T0 / 1000, toSec: T0 / 1000 + 20 }]);
  });
});
