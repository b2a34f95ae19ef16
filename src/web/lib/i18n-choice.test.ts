// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepLanguage, keptLanguage, serverLanguage } from './i18n';

/** The page as the server marks it (src/server/plugins/web.ts), or unmarked. */
function page(lang: string, fromServer: boolean) {
  document.documentElement.setAttribute('lang', lang);
  if (fromServer) document.documentElement.setAttribute('data-lang-from', 'server');
  else document.documentElement.removeAttribute('data-lang-from');
}

afterEach(() => {
  localStorage.clear();
  document.cookie = 'sobanura-lang=; path=/; max-age=0';
});

describe('the page keeps the server\'s language (one language, chosen once)', () => {
  it('takes the server\'s choice over what this browser kept', () => {
    page('rw', true);
    localStorage.setItem('sobanura-lang', 'en');
    expect(serverLanguage()).toBe('rw');
    expect(keptLanguage()).toBe('rw');
  });
  it('falls back to localStorage, then English, on a page the server did not mark or marked with no language of ours', () => {
    page('en', false);
    localStorage.setItem('sobanura-lang', 'fr');
    expect(serverLanguage()).toBeNull();
    expect(keptLanguage()).toBe('fr');
    page('de', true);
    expect(keptLanguage()).toBe('fr');
    localStorage.clear();
    expect(keptLanguage()).toBe('en');
  });
  it('writes the kept language to localStorage and the cookie', () => {
    keepLanguage('rw');
    expect(localStorage.getItem('sobanura-lang')).toBe('rw');
    expect(document.cookie).toContain('sobanura-lang=rw');
  });
});
