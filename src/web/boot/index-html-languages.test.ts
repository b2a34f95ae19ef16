/**
 * index.html's inline script keeps the viewer's language in the cookie the server draws pages in; its list of
 * languages is written in at build time from THE list (vite.languages-plugin.ts, src/shared/domain/languages.ts).
 * Runs the transformed script against a fake document to see the cookie follow each language, and only those.
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

function cookieAfter(kept: string | null): string {
  const document = {
    cookie: '',
    documentElement: { classList: { toggle() {} }, style: {}, hasAttribute: () => false },
    addEventListener() {},
  };
  const localStorage = { getItem: (k: string) => (k === 'sobanura-lang' ? kept : null) };
  runInNewContext(script, { document, localStorage, matchMedia: () => ({ matches: false }) });
  return document.cookie;
}

describe('index.html and the interface languages', () => {
  it('has the placeholder, replaced by the codes of every interface language', () => {
    expect(html).toContain(LANGUAGES_PLACEHOLDER);
    expect(transform(html)).toContain(`${JSON.stringify(LANGUAGE_CODES)}.indexOf(l)`);
    expect(() => transform('<html><script>var x;</script></html>')).toThrow(/placeholder|interface-languages/);
  });

  it('keeps each interface language in the cookie, and nothing else', () => {
    for (const code of LANGUAGE_CODES) expect(cookieAfter(code)).toMatch(new RegExp(`^sobanura-lang=${code}; path=/`));
    expect(cookieAfter('de')).toBe('');
    expect(cookieAfter('en; domain=evil.example')).toBe('');
    expect(cookieAfter(null)).toBe('');
  });
});
