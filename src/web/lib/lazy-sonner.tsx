/**
 * `sonner` without sonner in the first download (ADR 012: first-paint JavaScript of `/` ≤ 150 KB gzip).
 * vite.config.ts aliases the bare specifier `sonner` to this module for the browser build, so every
 * `import { toast, Toaster } from 'sonner'` in the app gets these stand-ins; the real library (about 10 KB gzip)
 * loads when the browser is idle after the first paint, or at the first toast, whichever comes first.
 *
 * - `toast.<method>(...args)` forwards to sonner's toast once sonner is loaded and its Toaster is mounted (a toast
 *   sent before that is shown then, not lost), and returns the toast id at once (the caller's `id` option, or a
 *   generated one passed on to sonner so that `toast.dismiss(id)` works).
 * - `<Toaster {...props} />` renders nothing until sonner is loaded, then sonner's Toaster with the same props.
 * Unit tests (vitest.config.ts has no alias) use the real sonner.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { toast as realToast, ToasterProps } from 'sonner';

type SonnerModule = typeof import('sonner-real');

let loading: Promise<SonnerModule> | null = null;
const load = () => (loading ??= import('sonner-real'));
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
let wake: (() => void) | null = null;
let seq = 0;

const ready = () => {
  wake?.();
  return Promise.all([load(), mounted]).then(([m]) => m);
};

function forward(method: string | null, args: unknown[]): string | number {
  const opts = (args[1] && typeof args[1] === 'object' ? args[1] : {}) as { id?: string | number };
  const id = opts.id ?? `toast-${++seq}`;
  if (method !== 'dismiss' && method !== 'promise' && method !== 'custom' && method !== 'getHistory' && method !== 'getToasts') args[1] = { ...opts, id };
  void ready().then((m) => {
    const target = method ? (m.toast as unknown as Record<string, (...a: unknown[]) => unknown>)[method] : (m.toast as unknown as (...a: unknown[]) => unknown);
    target?.(...args);
  });
  return id;
}

export const toast = new Proxy(((...args: unknown[]) => forward(null, args)) as unknown as typeof realToast, {
  get: (_target, method) => (typeof method === 'string' ? (...args: unknown[]) => forward(method, args) : undefined),
}) as typeof realToast;

/** sonner's Toaster, loaded after the first paint. */
export function Toaster(props: ToasterProps) {
  const [Real, setReal] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let done = false;
    const start = () => {
      if (done) return;
      done = true;
      void load().then((m) => setReal(() => m.Toaster as ComponentType<ToasterProps>));
    };
    wake = start;
    if (loading) start();
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 4000 }) : setTimeout(start, 2000);
    return () => {
      wake = null;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle as number);
      else clearTimeout(idle as ReturnType<typeof setTimeout>);
    };
  }, []);
  // Runs after sonner's own Toaster subscribed to its store (child effects run first).
  useEffect(() => {
    if (Real) markMounted();
  }, [Real]);
  return Real ? <Real {...props} /> : null;
}
