/**
 * Registers /sw.js in production builds (the installable app) and tells the page when a new version is deployed:
 * `onUpdateReady(fn)` calls `fn(apply)` once a new worker is installed and waiting while an older one controls
 * the page; `apply()` lets the new worker take over and reloads the page once it has.
 */
type Listener = (apply: () => void) => void;
const listeners = new Set<Listener>();
let pending: (() => void) | null = null;

export function onUpdateReady(fn: Listener): () => void {
  listeners.add(fn);
  if (pending) fn(pending);
  return () => listeners.delete(fn);
}

function announce(worker: ServiceWorker): void {
  pending = () => {
    let reloaded = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloaded) return;
      reloaded = true;
      location.reload();
    });
    worker.postMessage('SKIP_WAITING');
  };
  listeners.forEach((l) => l(pending!));
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((reg) => {
        if (reg.waiting && navigator.serviceWorker.controller) announce(reg.waiting);
        reg.addEventListener('updatefound', () => {
          const next = reg.installing;
          next?.addEventListener('statechange', () => {
            if (next.state === 'installed' && navigator.serviceWorker.controller) announce(next);
          });
        });
        // A tab left open for long checks for a new version every hour.
        setInterval(() => void reg.update().catch(() => {}), 60 * 60 * 1000);
      })
      .catch(() => {});
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
