/** localStorage that never throws (private mode, disabled storage, jsdom without it). */
export function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

export const STORAGE_KEYS = {
  theme: 'sobanura-theme',
  language: 'sobanura-lang',
} as const;
