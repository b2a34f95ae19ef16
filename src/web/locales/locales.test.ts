import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/contracts/errors';
import en from './en.json';
import fr from './fr.json';
import rw from './rw.json';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pagesEn from '../features/pages/locales/en.json';
import pagesFr from '../features/pages/locales/fr.json';
import pagesRw from '../features/pages/locales/rw.json';
import { initI18n } from '../lib/i18n';

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

/** The static pages' texts (namespace `pages`, issue 7 point 4) obey the same rules as the main files. */
describe('static pages locale files', () => {
  const pages = { en: flatten(pagesEn), fr: flatten(pagesFr), rw: flatten(pagesRw) };

  it('hold the same keys in en, fr and rw, each a non-empty text', () => {
    const enKeys = [...pages.en.keys()].sort();
    expect(enKeys.length).toBeGreaterThan(100);
    for (const [lng, map] of Object.entries(pages)) {
      expect([...map.keys()].sort(), lng).toEqual(enKeys);
      for (const [key, value] of map) {
        expect(typeof value, `${lng} ${key}`).toBe('string');
        expect((value as string).trim(), `${lng} ${key}`).not.toBe('');
      }
    }
  });

  it('keep the placeholders and translate rather than copy', () => {
    for (const map of [pages.fr, pages.rw]) {
      for (const [key, value] of pages.en) expect(placeholders(String(map.get(key))), key).toEqual(placeholders(String(value)));
      const same = [...pages.en].filter(([k, v]) => map.get(k) === v && !/^[\d+/K.HD]+$/.test(String(v))).length;
      expect(same / pages.en.size).toBeLessThan(0.05);
    }
  });

  it("state the spec's facts in every language (docs/product/viewer.md §2 \"Static pages\")", () => {
    for (const [lng, map] of Object.entries(pages)) {
      expect(map.get('terms.sections.use.p2'), lng).toMatch(/13/);
      expect(map.get('terms.sections.use.p2'), lng).toMatch(/18/);
      expect(map.get('terms.sections.payment.p2'), lng).toMatch(/30/);
      // The governing law is a site setting (Uganda by default, docs/decisions/022): the text names the country given.
      expect(map.get('terms.sections.legal.p2'), lng).toContain('{{country}}');
      expect(map.get('privacy.responseTime'), lng).toMatch(/30/);
      expect(map.get('privacy.international'), lng).toMatch(/GDPR|RGPD/);
    }
  });
});

describe('visible text outside t()', () => {
  /** Every .tsx file of the web client but tests. */
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return sources(file);
      return file.endsWith('.tsx') && !file.endsWith('.test.tsx') ? [file] : [];
    });
  }

  // Text between JSX tags is caught by ESLint (i18next/no-literal-string, eslint.config.js); this catches the
  // attributes a screen reader or a tooltip shows.
  it('no aria-label, title, placeholder or alt is written as a literal word', () => {
    const offenders = sources(path.resolve(__dirname, '..')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b(aria-label|aria-description|title|placeholder|alt)="([^"]*[A-Za-z]{2}[^"]*)"/g)].map((m) => `${path.relative(process.cwd(), file)}: ${m[0]}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('translation lookup', () => {
  it('shows the key itself when no text exists (docs/product/viewer.md §8)', async () => {
    const i18n = await initI18n('en');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.t('nav.home')).toBe('Home');
    expect(i18n.t('errors.internal')).not.toBe('errors.internal');
  });
});
