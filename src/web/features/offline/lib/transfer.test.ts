/**
 * The transfer of a download into the device (docs/decisions/027-offline-downloads.md, "On the device"): IndexedDB
 * through fake-indexeddb, Cache Storage through an in-memory stand-in, the server through a mocked fetch that can
 * cut a file mid-way or hold it open.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfflineDownload } from '../../../../shared/contracts/offline';
import { KEY_VALID_UNTIL_HEADER, OFFLINE_CACHE } from '../../../sw/offline-routing';
import { closeOfflineDb, getStored, putStored } from './offline-db';
import { savePlayed } from './played-stretches';
import { checkIn, liveBytes, pause, remove, resume, resumeUnfinished, run, startDownload, subscribe } from './transfer';

const ID = '7d0c2a1e-4b5f-4c3d-8e9f-0a1b2c3d4e5f';
const VIDEO = '11111111-2222-4333-8444-555555555555';
const KEY = Buffer.from('0123456789abcdef').toString('base64');
const VALID_UNTIL = '2026-12-26T08:00:00.000Z';
const FILES: Record<string, Uint8Array> = {
  'index.m3u8': new TextEncoder().encode('#EXTM3U\n'),
  'init.mp4': new Uint8Array(700).fill(1),
  'seg_00001.m4s': new Uint8Array(3000).fill(2),
  'seg_00002.m4s': new Uint8Array(2500).fill(3),
};

function download(): OfflineDownload {
  const files = Object.entries(FILES).map(([name, b]) => ({ name, bytes: b.byteLength }));
  return {
    id: ID, videoId: VIDEO, title: 'Inshuti', imageUrl: null, pageUrl: `/watch/${VIDEO}`, rendition: { name: '240p', width: 426, height: 240 },
    durationSeconds: 12, totalBytes: files.reduce((s, f) => s + f.bytes, 0), files, createdAt: '2026-11-26T08:00:00Z', passEndsAt: VALID_UNTIL, remaining: 9,
  };
}

/** Cache Storage in memory: enough of `caches` for offline-files.ts. */
function fakeCaches() {
  const stores = new Map<string, Map<string, { body: ArrayBuffer; headers: Headers }>>();
  const open = async (name: string) => {
    const m = stores.get(name) ?? new Map();
    stores.set(name, m);
    return {
      match: async (url: string) => {
        const e = m.get(url);
        return e ? new Response(e.body.slice(0), { headers: e.headers }) : undefined;
      },
      put: async (url: string, res: Response) => void m.set(url, { body: await res.arrayBuffer(), headers: res.headers }),
      delete: async (url: string) => m.delete(url),
    };
  };
  return { stores, api: { open } };
}

type Behaviour = 'ok' | 'cut' | 'hold' | { status: number; code: string; details?: unknown };
let caches: ReturnType<typeof fakeCaches>;
let behaviour: Record<string, Behaviour>;
let licenseAnswer: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;
const fileCalls = () => fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('/files/')).map((u) => u.split('/files/')[1]);
const stored = (name: string) => caches.stores.get(OFFLINE_CACHE)?.get(`/offline/${ID}/${name}`);
const errorBody = (status: number, code: string, details?: unknown) => new Response(JSON.stringify({ error: { code, message: code, details } }), { status, headers: { 'content-type': 'application/json' } });

function fileResponse(name: string, signal: AbortSignal | undefined): Response {
  const bytes = FILES[name]!;
  const b = behaviour[name] ?? 'ok';
  if (typeof b === 'object') return errorBody(b.status, b.code, b.details);
  const half = bytes.slice(0, Math.floor(bytes.length / 2));
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      if (b === 'ok') {
        c.enqueue(bytes);
        c.close();
      } else if (b === 'cut') {
        c.enqueue(half);
        c.error(new TypeError('network error'));
      } else {
        c.enqueue(half);
        signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
      }
    },
  });
  return new Response(stream, { headers: { 'content-type': name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp4' } });
}

class FakeConnection extends EventTarget {
  constructor(public type: string) {
    super();
  }
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  caches = fakeCaches();
  behaviour = {};
  licenseAnswer = () => new Response(JSON.stringify({ downloadId: ID, key: KEY, passEndsAt: VALID_UNTIL, checkInBy: VALID_UNTIL, validUntil: VALID_UNTIL }), { headers: { 'content-type': 'application/json' } });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/files/')) return fileResponse(decodeURIComponent(url.split('/files/')[1]!), init?.signal ?? undefined);
    if (url.endsWith('/license')) return licenseAnswer();
    if (init?.method === 'DELETE') return new Response(null, { status: 204 });
    return errorBody(404, 'not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('caches', caches.api);
  vi.stubGlobal('navigator', { storage: { persist: vi.fn(async () => true) } });
});
afterEach(async () => {
  await closeOfflineDb();
  vi.unstubAllGlobals();
});

/** Waits until the record of the download is in `state`. */
async function until(state: string) {
  await vi.waitFor(async () => expect((await getStored(ID))?.state).toBe(state));
}

describe('offline transfer', () => {
  it('stores every file and then the key with its validity, with progress in bytes; asks for persistent storage', async () => {
    const seen: number[] = [];
    const off = subscribe(() => void getStored(ID).then((r) => r && seen.push(liveBytes(r))));
    await startDownload(download(), false);
    await until('done');
    off();
    const r = (await getStored(ID))!;
    expect(r.storedFiles).toEqual(Object.keys(FILES));
    expect(r.storedBytes).toBe(download().totalBytes);
    expect(r.validUntil).toBe(VALID_UNTIL);
    expect(new Uint8Array(stored('seg_00002.m4s')!.body)).toEqual(FILES['seg_00002.m4s']);
    expect(stored('index.m3u8')!.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const key = stored('key')!;
    expect(Buffer.from(key.body).toString()).toBe('0123456789abcdef');
    expect(key.headers.get(KEY_VALID_UNTIL_HEADER)).toBe(VALID_UNTIL);
    expect(Math.max(...seen)).toBe(download().totalBytes);
    expect((navigator as unknown as { storage: { persist: ReturnType<typeof vi.fn> } }).storage.persist).toHaveBeenCalled();
  });

  it('fails on a file cut mid-way without storing it, and Resume fetches that file again but not the ones stored', async () => {
    behaviour['seg_00001.m4s'] = 'cut';
    await startDownload(download(), false);
    await until('failed');
    let r = (await getStored(ID))!;
    expect(r.error).toBe('network');
    expect(r.storedFiles).toEqual(['index.m3u8', 'init.mp4']);
    expect(stored('seg_00001.m4s')).toBeUndefined();
    expect(stored('key')).toBeUndefined();
    behaviour = {};
    fetchMock.mockClear();
    await resume(ID);
    r = (await getStored(ID))!;
    expect(r.state).toBe('done');
    expect(fileCalls()).toEqual(['seg_00001.m4s', 'seg_00002.m4s']);
    expect(new Uint8Array(stored('seg_00001.m4s')!.body)).toEqual(FILES['seg_00001.m4s']);
  });

  it('pauses mid-file, stays paused at the next app start, and resumes from the first file not stored', async () => {
    behaviour['seg_00002.m4s'] = 'hold';
    await startDownload(download(), false);
    await vi.waitFor(() => expect(fileCalls()).toContain('seg_00002.m4s'));
    await pause(ID);
    await until('paused');
    await run(ID);
    fetchMock.mockClear();
    await resumeUnfinished();
    expect(fileCalls()).toEqual([]);
    expect((await getStored(ID))!.state).toBe('paused');
    behaviour = {};
    await resume(ID);
    expect((await getStored(ID))!.state).toBe('done');
    expect(fileCalls()).toEqual(['seg_00002.m4s']);
  });

  it('continues at app start a download the tab closed in the middle of', async () => {
    const d = download();
    await putStored({ id: ID, download: d, state: 'downloading', storedFiles: ['index.m3u8'], storedBytes: FILES['index.m3u8']!.byteLength, wifiOnly: false, validUntil: null, error: null, addedAt: 1 });
    await caches.api.open(OFFLINE_CACHE).then((c) => c.put(`/offline/${ID}/index.m3u8`, new Response(FILES['index.m3u8'] as BodyInit)));
    await resumeUnfinished();
    expect((await getStored(ID))!.state).toBe('done');
    expect(fileCalls()).toEqual(['init.mp4', 'seg_00001.m4s', 'seg_00002.m4s']);
  });

  it('Wi-Fi only: waits on a mobile network, starts when the device joins Wi-Fi, and stops again when it leaves', async () => {
    const conn = new FakeConnection('cellular');
    vi.stubGlobal('navigator', { connection: conn, storage: {} });
    behaviour['seg_00002.m4s'] = 'hold';
    await startDownload(download(), true);
    await until('waiting-wifi');
    expect(fileCalls()).toEqual([]);
    conn.type = 'wifi';
    conn.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(fileCalls()).toContain('seg_00002.m4s'));
    conn.type = 'cellular';
    conn.dispatchEvent(new Event('change'));
    await until('waiting-wifi');
    expect((await getStored(ID))!.storedFiles).toEqual(['index.m3u8', 'init.mp4', 'seg_00001.m4s']);
    behaviour = {};
    conn.type = 'wifi';
    conn.dispatchEvent(new Event('change'));
    await until('done');
  });

  it('records the server refusal of a file (the pass ended) and stores no key', async () => {
    behaviour['init.mp4'] = { status: 403, code: 'subscription_required', details: { reason: 'expired' } };
    await startDownload(download(), false);
    await until('failed');
    expect((await getStored(ID))!.error).toBe('subscription_required');
    expect(stored('key')).toBeUndefined();
  });

  it('Delete removes the files, the key and the record from the device and tells the server', async () => {
    await startDownload(download(), false);
    await until('done');
    await remove(ID);
    expect(await getStored(ID)).toBeUndefined();
    expect([...(caches.stores.get(OFFLINE_CACHE)?.keys() ?? [])]).toEqual([]);
    expect(fetchMock).toHaveBeenCalledWith(`/api/offline/${ID}`, expect.objectContaining({ method: 'DELETE' }));
  });

  it('check-in: a refused license (pass ended) deletes the key; no network keeps it', async () => {
    await startDownload(download(), false);
    await until('done');
    fetchMock.mockImplementationOnce(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await checkIn(ID)).toEqual({ kind: 'offline' });
    expect(stored('key')).toBeDefined();
    licenseAnswer = () => errorBody(403, 'subscription_required', { reason: 'expired' });
    expect(await checkIn(ID)).toEqual({ kind: 'pass-ended', reason: 'expired' });
    expect(stored('key')).toBeUndefined();
    expect((await getStored(ID))!.validUntil).toBeNull();
    licenseAnswer = () => errorBody(404, 'not_found');
    expect(await checkIn(ID)).toEqual({ kind: 'refused', code: 'not_found' });
  });

  it('check-in: reports what the copy played since the last one, and forgets it only once the server took it (ADR 049)', async () => {
    await startDownload(download(), false);
    await until('done');
    const t0 = Date.parse('2026-11-29T10:00:00Z');
    await savePlayed(ID, t0, t0 + 90_000);
    const bodies = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/license')).map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
    const before = bodies().length;
    fetchMock.mockImplementationOnce(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await checkIn(ID)).toEqual({ kind: 'offline' });
    expect((await getStored(ID))!.played).toHaveLength(1);
    expect((await checkIn(ID)).kind).toBe('renewed');
    const sent = bodies().slice(before);
    expect(sent.at(-1)).toEqual({ played: [{ from: '2026-11-29T10:00:00.000Z', to: '2026-11-29T10:01:30.000Z' }] });
    expect((await getStored(ID))!.played).toEqual([]);
    // Nothing played since: the next check-in reports nothing.
    expect((await checkIn(ID)).kind).toBe('renewed');
    expect(bodies().at(-1)).toEqual({});
  });
});
