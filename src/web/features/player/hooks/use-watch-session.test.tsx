// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/catalog-fixtures';
import { useHeartbeat, useProgressSaver, type Playhead } from './use-watch-session';

const VIDEO = '00000000-0000-4000-8000-0000000000b1';
const SESSION = '00000000-0000-4000-8000-0000000000c1';

let calls: { method: string; url: string; body: unknown }[] = [];
let answer: (url: string) => Response = () => json(200, {});

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  answer = () => json(200, {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer(String(input));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useProgressSaver', () => {
  it('saves every 10 s while playing and the position moved, on pause, and with a beacon when the page goes', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const playhead = { current: { position: 30, duration: 600 } } as React.RefObject<Playhead>;
    const { rerender, unmount } = renderHook((p: { playing: boolean }) => useProgressSaver({ videoId: VIDEO, sessionId: SESSION, playing: p.playing, playhead }), { initialProps: { playing: true } });
    await vi.advanceTimersByTimeAsync(9_900);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toEqual([{ method: 'PUT', url: `/api/progress/${VIDEO}`, body: { positionSeconds: 30, durationSeconds: 600, sessionId: SESSION } }]);
    // Not moved: no second save.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    playhead.current.position = 45.5;
    rerender({ playing: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.at(-1)!.body).toEqual({ positionSeconds: 45.5, durationSeconds: 600, sessionId: SESSION });
    // Paused: no timer.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(2);
    playhead.current.position = 50;
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledWith(`/api/progress/${VIDEO}`, JSON.stringify({ positionSeconds: 50, durationSeconds: 600, sessionId: SESSION }));
    unmount();
    // Already saved at 50: leaving does not send it again.
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('saves at once after a seek (saveNow), but not twice for the same second', async () => {
    const playhead = { current: { position: 3, duration: 600 } } as React.RefObject<Playhead>;
    const { result } = renderHook(() => useProgressSaver({ videoId: VIDEO, sessionId: null, playing: true, playhead }));
    playhead.current.position = 120;
    result.current.saveNow();
    result.current.saveNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([{ method: 'PUT', url: `/api/progress/${VIDEO}`, body: { positionSeconds: 120, durationSeconds: 600 } }]);
  });

  it('saves nothing before the duration is known', async () => {
    const playhead = { current: { position: 12, duration: 0 } } as React.RefObject<Playhead>;
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const { unmount } = renderHook(() => useProgressSaver({ videoId: VIDEO, sessionId: null, playing: true, playhead }));
    await vi.advanceTimersByTimeAsync(25_000);
    unmount();
    expect(calls).toHaveLength(0);
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('useHeartbeat', () => {
  it('beats at once and every interval while playing, says so once on pause, not while paused, and reports an ended session', async () => {
    const onConfirmed = vi.fn();
    const onSessionEnded = vi.fn();
    const { rerender } = renderHook((p: { playing: boolean }) => useHeartbeat({ sessionId: SESSION, intervalSeconds: 30, playing: p.playing, onConfirmed, onSessionEnded }), { initialProps: { playing: true } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST /api/playback/sessions/${SESSION}/heartbeat`]);
    expect(onConfirmed).toHaveBeenCalledWith(SESSION);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.map((c) => c.body)).toEqual([{ state: 'playing' }, { state: 'playing' }]);
    // Paused: one heartbeat says so (the ledger credits the play before it, ADR 049), then none.
    rerender({ playing: false });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls.map((c) => c.body)).toEqual([{ state: 'playing' }, { state: 'playing' }, { state: 'paused' }]);
    answer = () => json(409, { error: { code: 'stream_session_ended', message: 'ended' } });
    rerender({ playing: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.body)).toEqual([{ state: 'playing' }, { state: 'playing' }, { state: 'paused' }, { state: 'playing' }]);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('on resume soon after a pause, says playing at once: the ledger counts nothing after a paused heartbeat until then', async () => {
    const { rerender } = renderHook((p: { playing: boolean }) => useHeartbeat({ sessionId: SESSION, intervalSeconds: 30, playing: p.playing, onConfirmed: vi.fn(), onSessionEnded: vi.fn() }), { initialProps: { playing: true } });
    await vi.advanceTimersByTimeAsync(5_000);
    rerender({ playing: false });
    await vi.advanceTimersByTimeAsync(2_000);
    rerender({ playing: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.body)).toEqual([{ state: 'playing' }, { state: 'paused' }, { state: 'playing' }]);
    // Never paused before: nothing to say on a first render that is not playing.
    calls = [];
    renderHook(() => useHeartbeat({ sessionId: '00000000-0000-4000-8000-0000000000c2', intervalSeconds: 30, playing: false, onConfirmed: vi.fn(), onSessionEnded: vi.fn() }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => c.url.includes('0000000000c2/heartbeat'))).toEqual([]);
  });

  it('ends the session with a beacon when the page goes, paused or not, and stops listening once unmounted', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const { unmount } = renderHook(() => useHeartbeat({ sessionId: SESSION, intervalSeconds: 30, playing: false, onConfirmed: vi.fn(), onSessionEnded: vi.fn() }));
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledWith(`/api/playback/sessions/${SESSION}/end`);
    unmount();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
  });
});
