/**
 * Sobanura's service worker (it makes the site an installable app), built by vite.sw-plugin.ts into /sw.js with the
 * list of files to precache (the entry, its preloaded chunks, the CSS, the offline page, icons, manifest) and a
 * version. Requests are sorted by swStrategy (strategy.ts): API answers and video are never cached. A new version
 * waits until the page asks it to take over (the update prompt posts 'SKIP_WAITING'), then every cache of other
 * releases is dropped and the runtime cache is kept within its cap (cache-policy.ts).
 * Downloads (docs/decisions/027-offline-downloads.md, offline-routing.ts): `/offline/...` is answered from the
 * downloads' cache only (the key only while valid), and the Downloads pages open from a kept app shell offline.
 */
import { cacheNames, entriesToPrune, staleCaches } from './cache-policy';
import { KEY_VALID_UNTIL_HEADER, OFFLINE_CACHE, OFFLINE_SHELL_URL, isKeyPath, offlineAnswer, opensOffline } from './offline-routing';
import { NETWORK_ROUTES, swStrategy, type RouterRule } from './strategy';

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
/** The install event; `addRoutes` is the Service Worker Static Routing API (Chromium 123+, W3C Service Workers). */
interface InstallEvent extends ExtendableEvent {
  addRoutes?: (rules: RouterRule[]) => Promise<void>;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response> | Response): void;
}
interface SwScope {
  location: Location;
  addEventListener(type: 'install', fn: (e: InstallEvent) => void): void;
  addEventListener(type: 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', fn: (e: MessageEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
}

const sw = self as unknown as SwScope;
const PRECACHE = JSON.parse('__SOBANURA_PRECACHE__') as string[];
const VERSION = '__SOBANURA_VERSION__';
const { shell: SHELL, runtime: RUNTIME } = cacheNames(VERSION);
const OFFLINE = '/offline.html';

sw.addEventListener('install', (event) => {
  // Where the browser has static routes, API calls, video and every non-GET go straight to the network without
  // waking the worker: nothing waits for it to start, and a beacon sent as the page goes (the playback session's
  // /end) is not lost with the page. Chromium dropped such beacons when it handed them to this worker first.
  if (event.addRoutes) event.waitUntil(event.addRoutes(NETWORK_ROUTES).catch(() => undefined));
  event.waitUntil(
    caches.open(SHELL).then(async (c) => {
      await c.addAll(PRECACHE);
      // The app shell the Downloads pages open from with no network (best effort: a failure here must not stop the release).
      await c.add(OFFLINE_SHELL_URL).catch(() => undefined);
    }),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(staleCaches(keys, VERSION).map((k) => caches.delete(k))))
      .then(() => pruneRuntime())
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') void sw.skipWaiting();
});

/** Keeps the runtime cache within RUNTIME_MAX_ENTRIES and RUNTIME_MAX_AGE_MS (cache-policy.ts), oldest first. */
async function pruneRuntime(): Promise<void> {
  const cache = await caches.open(RUNTIME);
  const requests = await cache.keys();
  const entries = await Promise.all(
    requests.map(async (r) => {
      const date = (await cache.match(r))?.headers.get('date');
      const at = date ? Date.parse(date) : Number.NaN;
      return { url: r.url, storedAt: Number.isNaN(at) ? null : at };
    }),
  );
  await Promise.all(entriesToPrune(entries, Date.now()).map((url) => cache.delete(url)));
}

/** Stores a copy of a good answer in the runtime cache, then trims it. */
function keep(request: Request, res: Response): void {
  if (!res.ok) return;
  const copy = res.clone();
  void caches
    .open(RUNTIME)
    .then((c) => c.put(request, copy))
    .then(() => pruneRuntime())
    .catch(() => undefined);
}

async function cacheFirst(request: Request): Promise<Response> {
  const hit = await caches.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  keep(request, res);
  return res;
}

async function staleWhileRevalidate(request: Request): Promise<Response> {
  const hit = await caches.match(request);
  const refresh = fetch(request).then((res) => {
    keep(request, res);
    return res;
  });
  return hit ?? refresh;
}

async function navigate(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  try {
    return await fetch(request);
  } catch {
    const shell = opensOffline(path) ? await caches.open(SHELL).then((c) => c.match(OFFLINE_SHELL_URL)) : undefined;
    return shell ?? (await caches.match(OFFLINE)) ?? new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain' } });
  }
}

/** A stored download's file or key (offline-routing.ts): from the downloads' cache only, never the network. */
async function fromDownloads(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const hit = await caches.open(OFFLINE_CACHE).then((c) => c.match(path));
  const answer = offlineAnswer(path, hit ? { validUntil: isKeyPath(path) ? hit.headers.get(KEY_VALID_UNTIL_HEADER) : null } : undefined, Date.now());
  if (answer.kind === 'stored' && hit) return hit;
  return new Response(answer.kind === 'expired' ? 'Check in online' : 'Not stored', { status: answer.kind === 'expired' ? 403 : 404, headers: { 'content-type': 'text/plain' } });
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = swStrategy(new URL(request.url), request, sw.location.origin);
  if (strategy === 'bypass') return;
  if (strategy === 'navigate') event.respondWith(navigate(request));
  else if (strategy === 'offline') event.respondWith(fromDownloads(request));
  else if (strategy === 'cache-first') event.respondWith(cacheFirst(request));
  else event.respondWith(staleWhileRevalidate(request));
});
