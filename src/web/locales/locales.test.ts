import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/contracts/errors';
import en from './en.json';
import fr from './fr.json';
import rw from './rw.json';

/** Every leaf of a locale file as `dotted.key → text`. */
function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) {
    out.set(prefix, tree);
    return out;
  }
  for (const [key, value] of Object.entries(tree)) {
    for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

const locales = { en: flatten(en), fr: flatten(fr), rw: flatten(rw) };
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('hold the same keys in en, fr and rw', () => {
    const enKeys = [...locales.en.keys()].sort();
    expect(enKeys.length).toBeGreaterThan(100);
    expect([...locales.fr.keys()].sort()).toEqual(enKeys);
    expect([...locales.rw.keys()].sort()).toEqual(enKeys);
  });

  it.each(Object.entries(locales))('%s has a non-empty string for every key', (_lng, map) => {
    for (const [key, value] of map) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it.each([
    ['fr', locales.fr],
    ['rw', locales.rw],
  ] as const)('%s keeps the placeholders of every English text', (_lng, map) => {
    for (const [key, value] of locales.en) {
      expect(placeholders(String(map.get(key))), key).toEqual(placeholders(String(value)));
    }
  });

  it.each([
    ['fr', locales.fr],
    ['rw', locales.rw],
  ] as const)('%s is a translation, not a copy of English', (_lng, map) => {
    for (const key of ['nav.home', 'nav.login', 'auth.password', 'billing.payNow', 'player.subscriptionRequired', 'catalog.noResults', 'admin.ready', 'notFound.title']) {
      expect(map.get(key), key).not.toBe(locales.en.get(key));
    }
    const same = [...locales.en].filter(([k, v]) => map.get(k) === v).length;
    expect(same / locales.en.size).toBeLessThan(0.1);
  });

  it('translates every error code the server can answer with', () => {
    for (const code of ERROR_CODES) expect(locales.en.has(`errors.${code}`), code).toBe(true);
  });
});
