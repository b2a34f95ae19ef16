import { useEffect, useRef } from 'react';
import { PROGRESS_SAVE_INTERVAL_SECONDS } from '../../../../shared/contracts/playback';
import { bootLeaveHandled } from '../../../boot/handle';
import { isApiError } from '../../../lib/api-client';
import { saveProgress, saveProgressOnLeave } from '../api/save-progress';
import { endStreamSessionOnLeave, sendHeartbeat } from '../api/stream-sessions';

/** The playhead as the player reports it: seconds. */
export interface Playhead {
  position: number;
  duration: number;
}

/**
 * Heartbeats of a playing device (ADR 009 "Streams"): one at once when playback starts (unless one was sent
 * within the interval) and then every `intervalSeconds` while playing; none while paused, so a paused device
 * frees its slot when the session lapses. Each says the player's state for the minutes-watched ledger (ADR 049): on
 * pause one `paused` heartbeat credits the play since the last one, and on resume after it a `playing` one goes at
 * once, since the ledger counts nothing between a paused heartbeat and the next playing one. A 409
 * `stream_session_ended` calls `onSessionEnded` (the caller asks a new session, and shows the stream limit when the
 * server refuses). When the page goes (tab closed, another site) the session is ended at once with a beacon; a page
 * restored from the back-forward cache gets the 409 at its next heartbeat and asks again.
 */
export function useHeartbeat(args: { sessionId: string | null; intervalSeconds: number; playing: boolean; onConfirmed: (sessionId: string) => void; onSessionEnded: () => void }) {
  const { sessionId, intervalSeconds, playing } = args;
  const callbacks = useRef(args);
  useEffect(() => {
    callbacks.current = args;
  });
  const lastSent = useRef(0);
  /** The state the last heartbeat of this session said, null before any. */
  const lastState = useRef<{ sessionId: string; state: 'playing' | 'paused' } | null>(null);

  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    const beat = (state: 'playing' | 'paused') => {
      lastSent.current = Date.now();
      lastState.current = { sessionId, state };
      sendHeartbeat(sessionId, state).then(
        () => !stopped && callbacks.current.onConfirmed(sessionId),
        (e: unknown) => {
          if (!stopped && isApiError(e, 'stream_session_ended')) callbacks.current.onSessionEnded();
        },
      );
    };
    const said = lastState.current?.sessionId === sessionId ? lastState.current.state : null;
    if (!playing) {
      // Paused after playing: one heartbeat says so; then none until playback goes on.
      if (said === 'playing') beat('paused');
      return;
    }
    const period = Math.max(5, intervalSeconds) * 1000;
    if (said !== 'playing' || Date.now() - lastSent.current >= period) beat('playing');
    const timer = window.setInterval(() => beat('playing'), period);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [sessionId, intervalSeconds, playing]);

  useEffect(() => {
    if (!sessionId) return;
    const onLeave = () => endStreamSessionOnLeave(sessionId);
    window.addEventListener('pagehide', onLeave);
    // From here this session is ended on leave by the player, not by the first-frame boot (ADR 030).
    bootLeaveHandled(sessionId);
    return () => window.removeEventListener('pagehide', onLeave);
  }, [sessionId]);
}

/**
 * Saves the position (the resume rules of src/shared/domain/resume.ts): every PROGRESS_SAVE_INTERVAL_SECONDS (10 s) while playing and the
 * position moved, on pause, after a seek (`saveNow`), and as the page goes (pagehide, via navigator.sendBeacon)
 * or the player unmounts. Nothing is saved before the duration is known or at position 0 of a video never played.
 * @returns `saveNow()`: a save now if the position moved by 1 s or more since the last one.
 */
export function useProgressSaver(args: { videoId: string | null; sessionId: string | null; playing: boolean; playhead: React.RefObject<Playhead> }): { saveNow: () => void } {
  const { videoId, sessionId, playing, playhead } = args;
  const lastSaved = useRef<number | null>(null);
  const saveRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!videoId) return;
    lastSaved.current = null;
    const body = () => {
      const { position, duration } = playhead.current;
      if (!(duration > 0) || !Number.isFinite(duration)) return null;
      return { positionSeconds: Math.min(Math.max(0, position), duration), durationSeconds: duration, ...(sessionId ? { sessionId } : {}) };
    };
    const moved = (b: { positionSeconds: number }) => lastSaved.current === null || Math.abs(b.positionSeconds - lastSaved.current) >= 1;
    const onLeave = () => {
      const b = body();
      if (b && moved(b) && (b.positionSeconds > 0 || lastSaved.current !== null)) {
        lastSaved.current = b.positionSeconds;
        saveProgressOnLeave(videoId, b);
      }
    };
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      onLeave();
    };
  }, [videoId, sessionId, playhead]);

  useEffect(() => {
    if (!videoId) return;
    const save = () => {
      const { position, duration } = playhead.current;
      if (!(duration > 0) || !Number.isFinite(duration)) return;
      const positionSeconds = Math.min(Math.max(0, position), duration);
      if (lastSaved.current !== null && Math.abs(positionSeconds - lastSaved.current) < 1) return;
      lastSaved.current = positionSeconds;
      void saveProgress(videoId, { positionSeconds, durationSeconds: duration, ...(sessionId ? { sessionId } : {}) }).catch(() => {
        // A failed save is retried by the next one.
        lastSaved.current = null;
      });
    };
    saveRef.current = save;
    if (!playing) {
      // Paused (or ended): keep where the viewer stopped.
      if (playhead.current.position > 0) save();
      return;
    }
    const timer = window.setInterval(save, PROGRESS_SAVE_INTERVAL_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [videoId, sessionId, playing, playhead]);
  return { saveNow: () => saveRef.current() };
}
