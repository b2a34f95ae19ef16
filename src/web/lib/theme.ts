import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/**
 * Light or dark theme (docs/product/viewer.md §4): a stored choice wins, otherwise the system preference.
 * The inline script in index.html applies the same rule before the first paint; this module keeps it in sync.
 */
export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function storedTheme(): Theme | null {
  const t = readStored(STORAGE_KEYS.theme);
  return t === 'light' || t === 'dark' ? t : null;
}

let current: Theme = typeof document === 'undefined' ? 'light' : (storedTheme() ?? systemTheme());

function apply(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** Applies the current theme and follows system changes while the viewer has not chosen. */
export function initTheme(): void {
  apply(current);
  if (typeof matchMedia !== 'function') return;
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (storedTheme()) return;
    current = systemTheme();
    apply(current);
    listeners.forEach((l) => l());
  });
}

export function setTheme(theme: Theme): void {
  current = theme;
  writeStored(STORAGE_KEYS.theme, theme);
  apply(theme);
  listeners.forEach((l) => l());
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    // What the server drew with (it cannot know the theme): hydration matches it, then renders the real one.
    (): Theme => 'light',
  );
  return [theme, setTheme];
}
