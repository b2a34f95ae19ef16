/**
 * Which interface language a page is in: one choice, made by the server for every page and kept by the browser
 * (docs/product/viewer.md §4 "Language"; docs/decisions/014-server-rendering.md, amended 2026-11-29):
 * 1. the language cookie (`sobanura-lang`), when it names one of ours (src/shared/domain/languages.ts);
 * 2. else the browser's Accept-Language (RFC 9110 section 12.5.4): the ranges in order of their weight `q` (ties in
 *    the order sent), each read by its primary subtag ("fr-FR" is fr, "rw-RW" is rw); the first we have wins, `*` and
 *    ranges of weight 0 never do;
 * 3. else the default, English.
 * The browser writes localStorage and the cookie from the page's language and never overrides it.
 */
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from './languages.js';

/** Longest Accept-Language header read, in characters; past it the rest is ignored (a header is not a workload). */
export const MAX_ACCEPT_LANGUAGE_LENGTH = 500;

/** The first of our languages that `acceptLanguage` asks for (see the module comment), or null when none is. */
export function languageFromAcceptLanguage(acceptLanguage: string | null | undefined): LanguageCode | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .slice(0, MAX_ACCEPT_LANGUAGE_LENGTH)
    .split(',')
    .map((part, i) => {
      const [range = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { lang: range.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x) => x.q > 0 && x.lang !== '*')
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((x) => x.lang).find(isLanguageCode) ?? null;
}

/** The page's language from the cookie's value, else Accept-Language, else the default (see the module comment). */
export function chooseLanguage(cookieValue: string | null | undefined, acceptLanguage: string | null | undefined): LanguageCode {
  if (isLanguageCode(cookieValue)) return cookieValue;
  return languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
