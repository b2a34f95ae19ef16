import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/**
 * Interface languages: English (default), French, Kinyarwanda (viewer spec section 1).
 * English ships with the app; French and Kinyarwanda load on demand so the first download stays small.
 */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
  { code: 'rw', label: 'Kinyarwanda' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  fr: () => import('../locales/fr.json'),
  rw: () => import('../locales/rw.json'),
};

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fr' || value === 'rw';
}

function storedLanguage(): Language {
  const l = readStored(STORAGE_KEYS.language);
  return isLanguage(l) ? l : 'en';
}

async function ensureLoaded(lng: Language): Promise<void> {
  if (lng === 'en' || i18n.hasResourceBundle(lng, 'translation')) return;
  const mod = await loaders[lng]();
  i18n.addResourceBundle(lng, 'translation', mod.default, true, true);
}

function syncHtmlLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** Initialises i18next with English in place and the stored language loaded, before the first render. */
export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: ['en', 'fr', 'rw'],
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      initAsync: false,
    });
    i18n.on('languageChanged', syncHtmlLang);
  }
  try {
    await ensureLoaded(language);
  } catch {
    language = 'en';
  }
  await i18n.changeLanguage(language);
  syncHtmlLang(language);
  return i18n;
}

/** Switches language, loading its texts first, and remembers the choice. */
export async function changeLanguage(lng: Language): Promise<void> {
  await ensureLoaded(lng);
  writeStored(STORAGE_KEYS.language, lng);
  await i18n.changeLanguage(lng);
}

export { i18n };
