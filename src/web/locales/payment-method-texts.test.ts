/**
 * Each payment method's texts live in its folder only (docs/decisions/041-payment-operators-declare-themselves.md,
 * amended 2026-11-29): every method has them in every interface language with English's keys, and the web's locale
 * files do not carry them, so the two cannot drift apart. vite.locale-plugin.ts merges them into each language.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR, methodTextsFile, PAYMENT_METHODS_DIR, withPaymentMethodTexts } from '../../../vite.locale-plugin';
import en from './en.json';
import { LANGUAGE_CODES } from '../../shared/domain/languages';
import { PAYMENT_METHOD_LIST } from '../../shared/payment-methods/registry';

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** Every leaf as `dotted.key → value`. */
function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  if (typeof tree !== 'object' || tree === null) return new Map([[prefix, tree]]);
  return new Map(Object.entries(tree).flatMap(([k, v]) => [...flatten(v, prefix ? `${prefix}.${k}` : k)]));
}
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('payment methods’ texts', () => {
  it('has one folder per method of the registry, named by its PAYMENT_METHODS name', () => {
    const folders = readdirSync(PAYMENT_METHODS_DIR).filter((f) => statSync(path.join(PAYMENT_METHODS_DIR, f)).isDirectory());
    expect(folders.sort()).toEqual(PAYMENT_METHOD_LIST.map((m) => m.method).sort());
  });

  describe.each(PAYMENT_METHOD_LIST.map((m) => [m.method, m] as const))('%s', (_, m) => {
    const english = flatten(readJson(methodTextsFile(m.method, 'en')));

    it.each(LANGUAGE_CODES.map((l) => [l]))('has texts in %s with English’s keys and placeholders, each a non-empty text', (language) => {
      const texts = flatten(readJson(methodTextsFile(m.method, language)));
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, value] of texts) {
        expect(typeof value, key).toBe('string');
        expect(String(value).trim(), key).not.toBe('');
        expect(placeholders(value), key).toEqual(placeholders(english.get(key)));
      }
    });

    it.each(LANGUAGE_CODES.map((l) => [l]))('is not in the %s locale file, and reaches it at `<key>.<id>` when built', (language) => {
      const file = path.join(LOCALES_DIR, `${language}.json`);
      const raw = flatten(readJson(file));
      const merged = flatten(withPaymentMethodTexts(language, readJson(file)));
      for (const [key, value] of flatten(readJson(methodTextsFile(m.method, language)))) {
        expect(raw.has(`${key}.${m.id}`), `${key}.${m.id} in src/web/locales/${language}.json`).toBe(false);
        expect(merged.get(`${key}.${m.id}`), `${key}.${m.id}`).toBe(value);
      }
    });
  });

  it('reaches the imports of the locale files (the build and the tests read the merged texts)', () => {
    const billing = en.billing as unknown as Record<string, Record<string, string>>;
    for (const m of PAYMENT_METHOD_LIST) {
      const texts = readJson(methodTextsFile(m.method, 'en')) as { billing: { operators: string } };
      expect(billing.operators?.[m.id], m.id).toBe(texts.billing.operators);
    }
  });

  it('refuses a locale file that still carries a method’s text', () => {
    expect(() => withPaymentMethodTexts('en', { billing: { operators: { mtn: 'MTN' } } })).toThrow(/billing\.operators\.mtn is in src\/web\/locales\/en\.json/);
  });
});
