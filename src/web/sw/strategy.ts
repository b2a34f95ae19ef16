/**
 * What the service worker does with a request: it caches the app shell and static assets
 * only, never API answers (personal data) or video (/media), and never anything but same-origin GETs.
 * - `bypass`: not handled at all (the browser goes to the network as if there were no worker)
 * - `navigate`: a page load: network first, the offline page when the network fails
 * - `cache-first`: hashed build assets under /assets/ (their content never changes under a name)
 * - `stale-while-revalidate`: icons, the manifest, fonts: the cached copy at once, refreshed in the background
 * - `offline`: a stored download's file or key (`/offline/...`), answered from the downloads' cache only
 *   (offline-routing.ts; docs/decisions/027-offline-downloads.md)
 */
export type SwStrategy = 'bypass' | 'navigate' | 'cache-first' | 'stale-while-revalidate' | 'offline';

export function swStrategy(url: URL, request: { method: string; mode: string }, origin: string): SwStrategy {
  if (request.method !== 'GET' || url.origin !== origin) return 'bypass';
  const p = url.pathname;
  if (p.startsWith('/api/') || p === '/api' || p.startsWith('/media/') || p === '/media' || p === '/sw.js') return 'bypass';
  if (request.mode === 'navigate') return 'navigate';
  if (p.startsWith('/offline/')) return 'offline';
  if (p.startsWith('/assets/')) return 'cache-first';
  if (p.startsWith('/icons/') || p === '/manifest.webmanifest' || p === '/offline.html' || p === '/favicon.ico') return 'stale-while-revalidate';
  return 'bypass';
}

/** One rule of the Service Worker Static Routing API (`InstallEvent.addRoutes`, W3C Service Workers §RouterRule). */
export interface RouterRule {
  condition: { urlPattern?: { pathname: string }; requestMethod?: string; not?: { requestMethod: string } };
  source: 'network';
}

/**
 * The requests `swStrategy` bypasses, as static routes the browser applies before (and without) starting the
 * worker: /api/*, /media/* and every non-GET. Kept beside `swStrategy` so the two cannot drift (strategy.test.ts).
 */
export const NETWORK_ROUTES: RouterRule[] = [
  { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
  { condition: { urlPattern: { pathname: '/media/*' } }, source: 'network' },
  { condition: { not: { requestMethod: 'GET' } }, source: 'network' },
];
