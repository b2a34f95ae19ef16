// @vitest-environment jsdom
/**
 * The client error log (docs/product/viewer.md §8; issue 7 point 5): only warn/error/critical are kept, at most the
 * last 50, and they are reported to POST /api/client-errors in batches of at most 10.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_LOG_KEY, logError, readErrorLog } from './error-log';

describe('error log', () => {
  const fetchMock = vi.fn(async () => new Response(null, { status: 202 }));
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
  });
  afterEach(async () => {
    // Sends what a test left queued, so that the next one starts with an empty queue.
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps warn, error and critical but not debug or info', () => {
    logError('debug', 'd');
    logError('info', 'i');
    logError('warn', 'w');
    logError('error', 'e', new Error('boom'));
    logError('critical', 'c', { a: 1 }, '/movies');
    const log = readErrorLog();
    expect(log.map((e) => [e.level, e.message])).toEqual([
      ['warn', 'w'],
      ['error', 'e'],
      ['critical', 'c'],
    ]);
    expect(log[1]!.data).toMatchObject({ name: 'Error', message: 'boom' });
    expect(log[2]).toMatchObject({ context: '/movies', data: { a: 1 } });
    expect(Date.parse(log[0]!.timestamp)).not.toBeNaN();
  });

  it('keeps only the last 50 entries', () => {
    for (let i = 0; i < 60; i++) logError('error', `e${i}`);
    const log = readErrorLog();
    expect(log).toHaveLength(50);
    expect(log[0]!.message).toBe('e10');
    expect(log[49]!.message).toBe('e59');
  });

  it('reports a burst in batches of at most 10, one second later', async () => {
    for (let i = 0; i < 23; i++) logError('warn', `w${i}`);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    const bodies = fetchMock.mock.calls.map((c) => JSON.parse(String((c as unknown as [string, RequestInit])[1].body)).entries.length);
    expect(bodies).toEqual([10, 10, 3]);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/client-errors');
  });

  it('survives broken storage content and a failing network', async () => {
    localStorage.setItem(ERROR_LOG_KEY, '{not json');
    expect(readErrorLog()).toEqual([]);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    logError('error', 'x');
    await vi.advanceTimersByTimeAsync(1000);
    expect(readErrorLog().map((e) => e.message)).toEqual(['x']);
  });
});
