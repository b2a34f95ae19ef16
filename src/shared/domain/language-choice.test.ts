import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, languageFromAcceptLanguage } from './language-choice.js';
import { LANGUAGE_CODES } from './languages.js';

describe('chooseLanguage (one language, chosen by the server)', () => {
  it('takes the cookie first, whatever the browser asks for', () => {
    expect(chooseLanguage('rw', 'fr-FR,fr;q=0.9')).toBe('rw');
    expect(chooseLanguage('en', 'fr-FR')).toBe('en');
  });
  it('takes Accept-Language without a cookie, or with one that names no language of ours', () => {
    expect(chooseLanguage(undefined, 'fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('fr');
    expect(chooseLanguage(null, 'rw-RW')).toBe('rw');
    expect(chooseLanguage('de', 'fr')).toBe('fr');
    expect(chooseLanguage('', 'fr')).toBe('fr');
  });
  it('falls back to English', () => {
    expect(chooseLanguage(undefined, undefined)).toBe('en');
    expect(chooseLanguage(undefined, 'de-DE,sw;q=0.5')).toBe('en');
    expect(chooseLanguage(undefined, '*')).toBe('en');
    expect(chooseLanguage(undefined, ';;;,,q=')).toBe('en');
  });
});

describe('languageFromAcceptLanguage', () => {
  it('ranks by weight, ties in the order sent, and skips what we do not have', () => {
    expect(languageFromAcceptLanguage('de;q=1, fr;q=0.5, rw;q=0.8')).toBe('rw');
    expect(languageFromAcceptLanguage('en;q=0.5, fr;q=0.5')).toBe('en');
    expect(languageFromAcceptLanguage('de, sw, FR-ca')).toBe('fr');
  });
  it('never takes a language of weight 0, a wildcard, or a malformed weight', () => {
    expect(languageFromAcceptLanguage('fr;q=0, en;q=0.1')).toBe('en');
    expect(languageFromAcceptLanguage('fr;q=0')).toBeNull();
    expect(languageFromAcceptLanguage('fr;q=abc, rw')).toBe('rw');
    expect(languageFromAcceptLanguage('*;q=1')).toBeNull();
    expect(languageFromAcceptLanguage('')).toBeNull();
  });
  it('reads only the start of a very long header', () => {
    expect(languageFromAcceptLanguage(`${'de,'.repeat(400)}fr`)).toBeNull();
  });
  it('gives one of our languages or null for any header', () => {
    fc.assert(fc.property(fc.string(), (h) => {
      const l = languageFromAcceptLanguage(h);
      return l === null || (LANGUAGE_CODES as readonly string[]).includes(l);
    }));
  });
});
