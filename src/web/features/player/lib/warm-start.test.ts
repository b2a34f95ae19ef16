// @vitest-environment jsdom
/** warmStart: the master, media playlist, init segment and first segment are fetched at once where hls.js plays (ADR 013). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmStart } from './warm-start';

const R = { url: '/media/v/v1/t/master.m3u8', start: { media: '/media/v/v1/t/240p/index.m3u8', init: '/media/v/v1/t/240p/init.mp4', segment: '/media/v/v1/t/240p/seg_00000_0.m4s' } };

afterEach(() => vi.unstubAllGlobals());

describe('warmStart', () => {
  it('fetches the four addresses (master, media playlist, init segment, first segment) at once, with the cookie, reading each body', async () => {
    vi.stubGlobal('MediaSource', class {});
    const body = vi.fn(async () => new ArrayBuffer(1));
    const fetchFn = vi.fn(async () => ({ arrayBuffer: body }) as unknown as Response);
    expect(warmStart(R, fetchFn as unknown as typeof fetch)).toEqual([R.url, R.start.media, R.start.init, R.start.segment]);
    expect(fetchFn.mock.calls.map((c) => (c as unknown[])[0])).toEqual([R.url, R.start.media, R.start.init, R.start.segment]);
    expect(fetchFn.mock.calls.every((c) => ((c as unknown[])[1] as RequestInit).credentials === 'same-origin')).toBe(true);
    await vi.waitFor(() => expect(body).toHaveBeenCalledTimes(4));
  });

  it('fetches only the master without a start, ignores failures, and fetches nothing without Media Source', async () => {
    vi.stubGlobal('MediaSource', class {});
    const failing = vi.fn(async () => Promise.reject(new Error('offline')));
    expect(warmStart({ url: R.url, start: null }, failing as unknown as typeof fetch)).toEqual([R.url]);
    expect(warmStart({ url: R.url, start: { media: R.start.media, segment: null } }, failing as unknown as typeof fetch)).toEqual([R.url, R.start.media]);
    vi.stubGlobal('MediaSource', undefined);
    const saw = vi.fn();
    expect(warmStart(R, saw as unknown as typeof fetch)).toEqual([]);
    expect(saw).not.toHaveBeenCalled();
  });
});
