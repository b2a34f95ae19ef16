/**
 * index.html's inline script keeps the language the server chose for the page (`<html lang>` marked
 * `data-lang-from="server"`) in localStorage and in the cookie the server draws pages in; its list of languages is
 * written in at build time from THE list (vite.languages-plugin.ts, src/shared/domain/languages.ts). Runs the
 * transformed script against a fake document to see both follow each language, and only those.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { interfaceLanguages, LANGUAGES_PLACEHOLDER } from '../../../vite.languages-plugin';
import { LANGUAGE_CODES } from '../../shared/domain/languages';

const transform = (html: string) => (interfaceLanguages().transformIndexHtml as (h: string) => string)(html);
const html = readFileSync(path.resolve(__dirname, '../../../index.html'), 'utf8');
const script = /<script>([\s\S]*?)<\/script>/.exec(transform(html))![1]!;

/** Runs the script on a page marked with `lang` (by the server when `fromServer`), with `cookie` and `kept` stored. */
function after(lang: string, opts: { fromServer?: boolean; cookie?: string; kept?: string | null } = {}): { cookie: string; kept: string | null } {
  const attrs: Record<string, string> = { lang, ...(opts.fromServer === false ? {} : { 'data-lang-from': 'server' }) };
  const document = {
    cookie: opts.cookie ?? '',
    documentElement: { classList: { toggle() {} }, style: {}, hasAttribute: () => false, getAttribute: (n: string) => attrs[n] ?? null },
    addEventListener() {},
  };
  const store = new Map<string, string>(opts.kept ? [['sobanura-lang', opts.kept]] : []);
  const localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
  runInNewContext(script, { document, localStorage, matchMedia: () => ({ matches: false }) });
  return { cookie: document.cookie, kept: store.get('sobanura-lang') ?? null };
}

describe('index.html and the interface languages', () => {
  it('has the placeholder, replaced by the codes of every interface language', () => {
    expect(html).toContain(LANGUAGES_PLACEHOLDER);
    expect(transform(html)).toContain(`${JSON.stringify(LANGUAGE_CODES)}.indexOf(l)`);
    expect(() => transform('<html><script>var x;</script></html>')).toThrow(/placeholder|interface-languages/);
  });

  it('keeps the language the server chose in localStorage and the cookie, each interface language and nothing else', () => {
    for (const code of LANGUAGE_CODES) {
      const r = after(code, { kept: code === 'en' ? 'rw' : 'en' });
      expect(r.cookie).toMatch(new RegExp(`^sobanura-lang=${code}; path=/`));
      expect(r.kept).toBe(code);
    }
    expect(after('de')).toEqual({ cookie: '', kept: null });
    expect(after('en; domain=evil.example')).toEqual({ cookie: '', kept: null });
  });

  it('leaves an unmarked page (not the server\'s choice) and a cookie already right alone', () => {
    expect(after('en', { fromServer: false, kept: 'rw' })).toEqual({ cookie: '', kept: 'rw' });
    expect(after('rw', { cookie: 'sobanura-lang=rw', kept: 'rw' })).toEqual({ cookie: 'sobanura-lang=rw', kept: 'rw' });
  });
});
