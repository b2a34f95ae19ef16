import type { Plugin } from 'vite';
import { LANGUAGE_CODES } from './src/shared/domain/languages';

/** What index.html's inline script holds in place of the interface languages' codes. */
export const LANGUAGES_PLACEHOLDER = '/*interface-languages*/[]';

/**
 * Writes the interface languages' codes (src/shared/domain/languages.ts, THE list) into index.html's inline script
 * as a JSON array, in place of `LANGUAGES_PLACEHOLDER`, so that adding a language touches its locale files and that
 * list only (docs/decisions/039-plans-and-languages-as-data.md). The script's CSP hash is computed by the server
 * from the built page (src/server/plugins/security.ts), so it follows. Throws when index.html has no placeholder.
 */
export function interfaceLanguages(): Plugin {
  return {
    name: 'sobanura-interface-languages',
    transformIndexHtml(html) {
      if (!html.includes(LANGUAGES_PLACEHOLDER)) throw new Error(`index.html has no ${LANGUAGES_PLACEHOLDER} for the interface languages`);
      return html.replaceAll(LANGUAGES_PLACEHOLDER, JSON.stringify(LANGUAGE_CODES));
    },
  };
}
