/**
 * The minutes-watched ledger (docs/decisions/049-minutes-watched-ledger.md; docs/product/viewer.md §12):
 * seconds of wall-clock time each viewer watched of each title, counted by the server from what it already sees.
 *
 * - Online: each accepted heartbeat of a stream session (playback.service.ts `heartbeat`, called only after the
 *   session was found to be the signed-in viewer's, live and still entitled) credits the window since that session's
 *   previous accepted heartbeat, in server time, capped at the heartbeat interval plus a small slack, and nothing
 *   after a `paused` heartbeat or for the first heartbeat of a chain (src/shared/domain/minutes-watched.ts
 *   `heartbeatCredit`).
 * - Offline: at a download's check-in (offline.service.ts `license`), the stretches the device reports it played are
 *   clipped to the wall time since the download was issued or last checked in (`offlineCredit`).
 * - Either way the seconds go into the viewer's (item, minute) rows OR-ed into the minute's mask, so a second counted
 *   on two devices, twice by a replay, or online and offline, counts once.
 *
 * Errors: none of its own; database errors propagate (the heartbeat answers 500 and the next one credits again,
 * at most the cap).
 */
import type { MinutesWatchedQuery, MinutesWatchedReport } from '../../../shared/contracts/viewing.js';
import { heartbeatCredit, minuteMasks, offlineCredit, type PlayerState, type ReportedPlay } from '../../../shared/domain/minutes-watched.js';
import type { SessionMarkRow, ViewingItem, ViewingRepository } from './viewing.repository.js';

/** The stream session a heartbeat was accepted for (playback_sessions row). */
export interface HeartbeatSession {
  id: string;
  userId: string;
  videoId: string;
}

export function createViewingService(deps: { repo: ViewingRepository }) {
  const { repo } = deps;
  const creditWindows = async (userId: string, item: ViewingItem, windows: { fromSec: number; toSec: number }[], now: Date, mark?: SessionMarkRow) => {
    const credits = windows.flatMap((w) => minuteMasks(w.fromSec, w.toSec));
    await repo.credit(userId, item, credits, now, mark);
    return credits.reduce((s, c) => s + c.seconds, 0);
  };

  return {
    /**
     * Credits one accepted heartbeat (see the file comment). Call it only for a session already checked to be the
     * signed-in viewer's and live. A session whose video no movie, part or episode plays credits nothing.
     * @param state what the player says it is doing now ('playing' when the heartbeat has no body)
     * @returns the seconds credited (before merging with what the ledger already had)
     */
    async onHeartbeat(session: HeartbeatSession, state: PlayerState, now: Date): Promise<number> {
      const prev = await repo.mark(session.id);
      const sameChain = prev !== null && prev.videoId === session.videoId;
      const item = sameChain ? { kind: prev.kind, itemId: prev.itemId, titleId: prev.titleId } : await repo.itemOfVideo(session.videoId);
      if (!item) return 0;
      const c = heartbeatCredit(sameChain ? { anchorSec: Math.floor(prev.anchorAt.getTime() / 1000), state: prev.state } : null, state, now.getTime());
      // The ledger rows and the new mark in one statement (the mark alone when nothing is credited).
      const mark = { sessionId: session.id, videoId: session.videoId, ...item, anchorAt: new Date(c.mark.anchorSec * 1000), state: c.mark.state };
      return creditWindows(session.userId, item, [{ fromSec: c.fromSec, toSec: c.toSec }], now, mark);
    },

    /**
     * Credits what a download's device reports it played offline, clipped to `[since, now)` (since: when the download
     * was issued or last checked in, server time) and merged with what the ledger has.
     * @returns the seconds credited (before merging)
     */
    async onOfflineCheckIn(userId: string, videoId: string, reported: readonly ReportedPlay[], since: Date, now: Date): Promise<number> {
      if (!reported.length) return 0;
      const item = await repo.itemOfVideo(videoId);
      if (!item) return 0;
      return creditWindows(userId, item, offlineCredit(reported, since.getTime(), now.getTime()), now);
    },

    /** Seconds watched and distinct viewers per display title and UTC day (admin; contract src/shared/contracts/viewing.ts). */
    async minutesByTitleDay(q: MinutesWatchedQuery): Promise<MinutesWatchedReport> {
      const rows = await repo.dailyByTitle(q.from, q.to, q.titleId);
      return { from: q.from, to: q.to, items: rows.map((r) => ({ ...r, minutes: Math.round(r.seconds / 6) / 10 })) };
    },

    /** Seconds watched and distinct viewers per display title over UTC days `fromDay`..`toDay` (inclusive), most first. */
    async minutesByTitle(fromDay: string, toDay: string) {
      return repo.totalsByTitle(fromDay, toDay);
    },
  };
}
export type ViewingService = ReturnType<typeof createViewingService>;
