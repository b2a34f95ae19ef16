// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackResponse } from '../../../../shared/contracts/playback';
import { SESSION_LAPSE_SECONDS } from '../../../../shared/contracts/playback';
import { keepStartFiles, resetEarlyStartForTests, SESSION_LAPSE_MS, segmentAt, startEarlyPlayback, TAB_SESSION_KEY, takeEarlyPlayback, takeStartFile } from './early-start';

const MOVIE = '00000000-0000-4000-8000-00000000000a';
const PART = '00000000-0000-4000-8000-0000000000d1';
const SESSION = '00000000-0000-4000-8000-0000000000c1';
const MEDIA = ['#EXTM3U', '#EXT-X-TARGETDURATION:4', '#EXTINF:4.000,', 'seg_00000.ts', '#EXTINF:4.000,', 'seg_00001.ts', '#EXTINF:2.500,', 'seg_00002.ts', '#EXT-X-ENDLIST'].join('\n');

function answer(overrides: Partial<PlaybackResponse> = {}): PlaybackResponse {
  return {
    url: '/media/v/vid/1.u.sig/master.m3u8',
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    sessionId: SESSION,
    videoId: 'vid',
    durationSeconds: 10.5,
    heartbeatIntervalSeconds: 30,
    renditions: [],
    maxHeight: 720,
    capReason: 'plan',
    dataSaver: false,
    captions: [],
    resumeSeconds: null,
    startPlaylists: { master: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=480000\n240p/index.m3u8\n', mediaUri: '240p/index.m3u8', media: MEDIA },
    ...overrides,
  };
}

let calls: { url: string; method: string; body: unknown }[] = [];
beforeEach(() => {
  calls = [];
  resetEarlyStartForTests();
  sessionStorage.clear();
  // jsdom has no Media Source Extensions; the early start is only for browsers where hls.js plays.
  vi.stubGlobal('MediaSource', class {});
});
afterEach(() => vi.unstubAllGlobals());

function serve(handler: (url: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return handler(String(input));
    }),
  );
}
const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const abs = (path: string) => new URL(path, location.href).href;

describe('segmentAt', () => {
  it('finds the segment that holds a time, and none past the end', () => {
    expect(segmentAt(MEDIA, 0)).toBe('seg_00000.ts');
    expect(segmentAt(MEDIA, 3.99)).toBe('seg_00000.ts');
    expect(segmentAt(MEDIA, 4)).toBe('seg_00001.ts');
    expect(segmentAt(MEDIA, 9)).toBe('seg_00002.ts');
    expect(segmentAt(MEDIA, 10.5)).toBeNull();
    expect(segmentAt('#EXTM3U\n', 0)).toBeNull();
  });

  it('agrees with the server on when a session lapses', () => {
    expect(SESSION_LAPSE_MS).toBe(SESSION_LAPSE_SECONDS * 1000);
  });
});

describe('keepStartFiles', () => {
  it('keeps both playlists and fetches the segment at the resume point, each given once', async () => {
    serve(() => new Response(new Uint8Array([1, 2, 3]), { status: 200 }));
    keepStartFiles(answer({ resumeSeconds: 5 }));
    expect(calls.map((c) => c.url)).toEqual([abs('/media/v/vid/1.u.sig/240p/seg_00001.ts')]);
    const master = await takeStartFile('/media/v/vid/1.u.sig/master.m3u8');
    expect(master?.data).toContain('240p/index.m3u8');
    expect((await takeStartFile(abs('/media/v/vid/1.u.sig/240p/index.m3u8')))?.data).toBe(MEDIA);
    const segment = await takeStartFile(abs('/media/v/vid/1.u.sig/240p/seg_00001.ts'));
    expect(segment?.bytes).toBe(3);
    expect(segment!.end).toBeGreaterThanOrEqual(segment!.start);
    expect(takeStartFile(abs('/media/v/vid/1.u.sig/master.m3u8'))).toBeNull();
  });

  it('keeps nothing without start playlists, and a failed segment download gives null (the player fetches it)', async () => {
    serve(() => new Response('gone', { status: 403 }));
    keepStartFiles(answer({ startPlaylists: null }));
    expect(calls).toEqual([]);
    keepStartFiles(answer());
    expect(await takeStartFile(abs('/media/v/vid/1.u.sig/240p/seg_00000.ts'))).toBeNull();
  });
});

describe('startEarlyPlayback', () => {
  it('asks for the player page’s film and part with the tab’s live session, and hands the answer over once', async () => {
    sessionStorage.setItem(TAB_SESSION_KEY, JSON.stringify({ id: SESSION, confirmedAt: Date.now() }));
    serve((url) => (url.startsWith('/api/playback/') ? jsonResponse(200, answer()) : new Response(new Uint8Array(1))));
    startEarlyPlayback({ pathname: `/player/${MOVIE}`, search: `?part=${PART}` });
    expect(calls[0]).toEqual({ url: `/api/playback/${MOVIE}`, method: 'POST', body: { partId: PART, sessionId: SESSION, withPlaylists: true } });
    expect(takeEarlyPlayback(`${MOVIE}:`)).toBeNull();
    const r = await takeEarlyPlayback(`${MOVIE}:${PART}`);
    expect(r?.sessionId).toBe(SESSION);
    expect(takeEarlyPlayback(`${MOVIE}:${PART}`)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(TAB_SESSION_KEY)!).id).toBe(SESSION);
    expect(calls.map((c) => c.url)).toContain(abs('/media/v/vid/1.u.sig/240p/seg_00000.ts'));
  });

  it('sends no lapsed session, and a refusal gives null so the player asks and shows it', async () => {
    sessionStorage.setItem(TAB_SESSION_KEY, JSON.stringify({ id: SESSION, confirmedAt: Date.now() - SESSION_LAPSE_MS - 1 }));
    serve(() => jsonResponse(409, { error: { code: 'stream_limit_reached', message: 'x' } }));
    startEarlyPlayback({ pathname: `/player/${MOVIE}/`, search: '' });
    expect(calls[0]!.body).toEqual({ withPlaylists: true });
    expect(await takeEarlyPlayback(`${MOVIE}:`)).toBeNull();
  });

  it('does nothing on other pages, or where hls.js cannot play', () => {
    serve(() => jsonResponse(200, answer()));
    for (const pathname of ['/', `/watch/${MOVIE}`, `/player/${MOVIE}/extra`, '/player/%E0%A4%A']) startEarlyPlayback({ pathname, search: '' });
    vi.unstubAllGlobals();
    serve(() => jsonResponse(200, answer()));
    startEarlyPlayback({ pathname: `/player/${MOVIE}`, search: '' });
    expect(calls).toEqual([]);
  });
});
