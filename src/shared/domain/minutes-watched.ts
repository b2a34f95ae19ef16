/**
 * The crediting rules of the minutes-watched ledger (docs/decisions/049-minutes-watched-ledger.md; docs/product/viewer.md §12). Pure: server time in, whole seconds of wall-clock time out.
 *
 * The ledger keeps, per viewer, title and UTC minute, which seconds of that minute were watched: a 60-bit mask (bit i
 * is second i of the minute). Crediting the same second twice (two devices, a replayed heartbeat, an offline report
 * over minutes already counted online) sets the same bit, so it counts once; the seconds counted for a viewer and
 * title are a set of wall-clock seconds, never more than the time that passed.
 *
 * Units: `*Ms` are milliseconds since the epoch; `*Sec` are whole seconds since the epoch; windows are half-open
 * `[fromSec, toSec)`.
 */
import { HEARTBEAT_INTERVAL_SECONDS } from '../contracts/stream-session-timing.js';

/** Seconds a heartbeat may come late and still be credited in full (network, timers in a background tab). */
export const HEARTBEAT_SLACK_SECONDS = 5;
/** The most one heartbeat credits, seconds: the interval plus the slack (ADR 049). */
export const HEARTBEAT_CREDIT_CAP_SECONDS = HEARTBEAT_INTERVAL_SECONDS + HEARTBEAT_SLACK_SECONDS;

/** What the player says in a heartbeat: playing now, or paused now (ADR 049). */
export type PlayerState = 'playing' | 'paused';

/** A session's crediting state after its last accepted heartbeat. */
export interface SessionMark {
  /** Whole seconds since the epoch: the next window starts here. */
  anchorSec: number;
  /** The state the player gave in that heartbeat. */
  state: PlayerState;
}

/** A window of wall-clock seconds to credit, `[fromSec, toSec)` (empty when equal), and the session's next mark. */
export interface HeartbeatCredit {
  fromSec: number;
  toSec: number;
  mark: SessionMark;
}

/**
 * What one accepted heartbeat credits, in server time.
 *
 * - The first heartbeat of a session (no mark), or one after a `paused` heartbeat, credits nothing: it only says
 *   the player plays from now on. Its mark starts at the next whole second (`ceil`), so no credited second starts
 *   before the heartbeat that opened the chain.
 * - After a `playing` heartbeat, the window since that heartbeat is credited, at most `capSeconds` of it (the
 *   heartbeat interval plus a small slack): `[anchor, min(floor(now), anchor + cap))`. A longer gap means the player
 *   stopped beating (paused, offline); the rest of the gap is not credited.
 * - A `paused` heartbeat credits the window before it like a `playing` one (the player played until it paused) and
 *   makes the next heartbeat credit nothing.
 * - A heartbeat in the same second as the previous one, or earlier (a request that lost a race), credits nothing and
 *   never moves the mark back.
 *
 * Windows of one session never overlap and lie inside `[ceil(first heartbeat), floor(last heartbeat))`, so a session
 * never credits more than the wall time between its first and last heartbeat.
 * @param nowMs server time of the heartbeat, milliseconds since the epoch
 */
export function heartbeatCredit(prev: SessionMark | null, state: PlayerState, nowMs: number, capSeconds: number = HEARTBEAT_CREDIT_CAP_SECONDS): HeartbeatCredit {
  const nowFloor = Math.floor(nowMs / 1000);
  if (!prev || prev.state === 'paused') {
    const anchorSec = Math.max(Math.ceil(nowMs / 1000), prev?.anchorSec ?? -Infinity);
    return { fromSec: anchorSec, toSec: anchorSec, mark: { anchorSec, state } };
  }
  if (nowFloor <= prev.anchorSec) return { fromSec: prev.anchorSec, toSec: prev.anchorSec, mark: { anchorSec: prev.anchorSec, state } };
  const toSec = Math.min(nowFloor, prev.anchorSec + Math.max(0, Math.floor(capSeconds)));
  return { fromSec: prev.anchorSec, toSec, mark: { anchorSec: nowFloor, state } };
}

/** One ledger row's worth of a window: the minute (its first second, epoch seconds), the seconds' mask and their count. */
export interface MinuteCredit {
  minuteSec: number;
  /** Bit i set: second i of the minute (0..59) was watched. */
  mask: bigint;
  seconds: number;
}

/** The seconds of `[fromSec, toSec)` split by UTC minute, in order; nothing when the window is empty. */
export function minuteMasks(fromSec: number, toSec: number): MinuteCredit[] {
  const out: MinuteCredit[] = [];
  for (let m = Math.floor(fromSec / 60) * 60; m < toSec; m += 60) {
    const lo = Math.max(fromSec, m) - m;
    const hi = Math.min(toSec, m + 60) - m;
    if (hi <= lo) continue;
    out.push({ minuteSec: m, mask: ((1n << BigInt(hi - lo)) - 1n) << BigInt(lo), seconds: hi - lo });
  }
  return out;
}

/** The number of set bits of a minute's mask: the seconds of that minute watched. */
export function maskSeconds(mask: bigint): number {
  let n = 0;
  for (let m = mask; m > 0n; m >>= 1n) n += Number(m & 1n);
  return n;
}

/** A stretch of offline play as the device reports it, milliseconds since the epoch. */
export interface ReportedPlay {
  fromMs: number;
  toMs: number;
}

/**
 * The offline play to credit at a download's check-in: each reported stretch clipped to the wall time since the
 * download was issued or last checked in (`[ceil(sinceMs), floor(nowMs))` in whole seconds), then merged, so the
 * windows returned are disjoint, in order, and together never longer than the time since then. Stretches outside
 * that time (backdated, or in the future of the server's clock) credit nothing.
 * @returns disjoint windows `[fromSec, toSec)`
 */
export function offlineCredit(reported: readonly ReportedPlay[], sinceMs: number, nowMs: number): { fromSec: number; toSec: number }[] {
  const lo = Math.ceil(sinceMs / 1000);
  const hi = Math.floor(nowMs / 1000);
  const clipped = reported
    .map((p) => ({ fromSec: Math.max(lo, Math.ceil(p.fromMs / 1000)), toSec: Math.min(hi, Math.floor(p.toMs / 1000)) }))
    .filter((w) => Number.isFinite(w.fromSec) && Number.isFinite(w.toSec) && w.toSec > w.fromSec)
    .sort((a, b) => a.fromSec - b.fromSec);
  const merged: { fromSec: number; toSec: number }[] = [];
  for (const w of clipped) {
    const last = merged[merged.length - 1];
    if (last && w.fromSec <= last.toSec) last.toSec = Math.max(last.toSec, w.toSec);
    else merged.push({ ...w });
  }
  return merged;
}
