import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// Only the texts of the header and of the top of / are in the first download (vite.locale-plugin.ts `?pick`);
// the rest of English loads right after, in its own chunk (ADR 012).
import shell from '../locales/en.json?pick=common+nav+plans.*.name+home.heroTitle+home.heroText+home.browse+home.seePlans&shell';
import { LANGUAGE_COOKIE } from '../../shared/contracts/page-render';
import { DEFAULT_LANGUAGE, INTERFACE_LANGUAGES, isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '../../shared/domain/languages';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/**
 * Interface languages: English (default), French, Kinyarwanda (docs/product/viewer.md §1; the list is
 * src/shared/domain/languages.ts).
 * The shell's English texts ship with the app and the rest of English follows at once; French and Kinyarwanda
 * load on demand so the first download stays small. A key without text shows the key itself (docs/product/viewer.md
 * §8), which i18next does by default.
 */
export const LANGUAGES = INTERFACE_LANGUAGES;
export type Language = LanguageCode;

type LocaleLoader = () => Promise<{ default: Record<string, unknown> }>;
/** Every locale file but English's, each its own chunk loaded on demand. */
const otherLocales = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*.json', '!../locales/en.json']);
const loaders = Object.fromEntries(
  LANGUAGE_CODES.map((code): [Language, LocaleLoader] => [
    code,
    code === 'en'
      ? // `?whole` (vite.locale-plugin.ts): a module of its own, apart from the tree-shaken static import above.
        () => import('../locales/en.json?whole')
      : (otherLocales[`../locales/${code}.json`] ?? (() => Promise.reject(new Error(`no locale file src/web/locales/${code}.json`)))),
  ]),
) as Record<Language, LocaleLoader>;

export const isLanguage = isLanguageCode;

/**
 * The language the server chose for this page (`<html lang>` marked `data-lang-from="server"` by
 * src/server/plugins/web.ts: the language cookie, else Accept-Language, else English), or null on a page the server
 * did not mark (the development server, the service worker's offline page).
 */
export function serverLanguage(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): Language | null {
  const html = doc?.documentElement;
  if (!html || html.getAttribute('data-lang-from') !== 'server') return null;
  const l = html.getAttribute('lang');
  return isLanguage(l) ? l : null;
}

/**
 * The page's language: the server's choice when it made one, else the one kept in this browser (localStorage),
 * else English. One language, chosen once: the browser never overrides the server's choice (docs/product/viewer.md §4).
 */
export function keptLanguage(): Language {
  const chosen = serverLanguage();
  if (chosen) return chosen;
  const l = readStored(STORAGE_KEYS.language);
  return isLanguage(l) ? l : DEFAULT_LANGUAGE;
}

const complete = new Set<Language>();
async function ensureLoaded(lng: Language): Promise<void> {
  if (complete.has(lng)) return;
  const mod = await loaders[lng]();
  i18n.addResourceBundle(lng, 'translation', mod.default, true, true);
  complete.add(lng);
}

/** Resolves when all English texts are in (the fallback of every other language). */
export const englishLoaded = (): Promise<void> => ensureLoaded('en');

/**
 * Tells the server which language to draw pages in (LANGUAGE_COOKIE): the language the page is in, which
 * localStorage records too. A year, the whole site, first-party only.
 */
function writeLanguageCookie(lng: Language): void {
  if (typeof document === 'undefined') return;
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies disabled: pages are drawn in English on the server and switch after loading.
  }
}

/** The options of every i18next instance, in the browser and in the server-side renderer (entry-server.tsx). */
export const I18N_OPTIONS = {
  fallbackLng: 'en',
  supportedLngs: LANGUAGE_CODES,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
  // Components re-render when a bundle arrives (the rest of English, a language loaded on demand).
  react: { bindI18nStore: 'added' },
} as const;

function syncHtmlLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/**
 * Initialises i18next with English in place and the stored language loaded, before the first render.
 * `shellOnly`: resolve once the shell's English texts are in (the first paint of /); the rest of English still
 * loads at once and components re-render when it arrives.
 */
export async function initI18n(language: Language = keptLanguage(), opts: { shellOnly?: boolean } = {}): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      ...I18N_OPTIONS,
      supportedLngs: [...I18N_OPTIONS.supportedLngs],
      resources: { en: { translation: shell } },
      lng: 'en',
    });
    i18n.on('languageChanged', syncHtmlLang);
  }
  // The rest of English: awaited except on /, whose first paint needs only the shell's texts.
  const rest = ensureLoaded('en').catch(() => {});
  if (!opts.shellOnly) await rest;
  try {
    await ensureLoaded(language);
  } catch {
    language = 'en';
  }
  await i18n.changeLanguage(language);
  syncHtmlLang(language);
  return i18n;
}

/** Remembers `lng` as this browser's language: localStorage and the language cookie (which the server reads). */
export function keepLanguage(lng: Language): void {
  if (readStored(STORAGE_KEYS.language) !== lng) writeStored(STORAGE_KEYS.language, lng);
  writeLanguageCookie(lng);
}

/** Switches language, loading its texts first, and remembers the choice (localStorage and the language cookie). */
export async function changeLanguage(lng: Language): Promise<void> {
  await ensureLoaded(lng);
  keepLanguage(lng);
  await i18n.changeLanguage(lng);
}

export { i18n };
