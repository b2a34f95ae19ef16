import { i18n, isLanguage, type Language } from '../../lib/i18n';

/**
 * The static pages' texts (About, Help, Terms, Privacy, Contact) in the i18next namespace `pages`, one file per
 * language in ./locales, loaded with the pages and not in the first download. When the viewer switches
 * language on a page, that language's texts load and the page re-renders (i18n binds the store's `added`).
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');

export const PAGES_NS = 'pages';

async function load(lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, PAGES_NS)) return;
  const loader = loaders[`./locales/${lng}.json`];
  if (!loader) throw new Error(`no locale file src/web/features/pages/locales/${lng}.json`);
  const mod = await loader();
  i18n.addResourceBundle(lng, PAGES_NS, mod.default, true, true);
}

let listening = false;

/** Loads the pages' texts for English (the fallback) and the current language. */
export async function loadPagesTexts(): Promise<void> {
  if (!listening) {
    listening = true;
    i18n.on('languageChanged', (lng) => {
      if (isLanguage(lng)) void load(lng);
    });
  }
  const current = i18n.resolvedLanguage ?? i18n.language;
  await Promise.all([load('en'), isLanguage(current) ? load(current) : Promise.resolve()]);
}
