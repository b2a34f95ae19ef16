import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { PAYMENT_METHOD_LIST } from './src/shared/payment-methods/registry';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
/** The interface's locale files, `<language>.json` (not the static pages', which have no payment texts). */
export const LOCALES_DIR = path.join(ROOT, 'src', 'web', 'locales');
/** The payment methods' folders (src/shared/payment-methods/registry.ts). */
export const PAYMENT_METHODS_DIR = path.join(ROOT, 'src', 'shared', 'payment-methods');

/** A payment method's texts file for one language: src/shared/payment-methods/<method>/texts.<language>.json. */
export function methodTextsFile(method: string, language: string): string {
  return path.join(PAYMENT_METHODS_DIR, method, `texts.${language}.json`);
}

/**
 * The texts of one interface language (`texts`, read from src/web/locales/<language>.json) with every payment
 * method's texts merged in (docs/decisions/041-payment-operators-declare-themselves.md, amended 2026-11-29): each
 * text of `texts.<language>.json` at path `a.b` lands at `a.b.<id>` (`billing.operators` → `billing.operators.mtn`),
 * in the registry's order. Throws when a method has no texts for the language, or when the locale file already has
 * one of its keys (they live in the method's folder only). `read` is told every file read (the build watches them).
 */
export function withPaymentMethodTexts(language: string, texts: Record<string, unknown>, read: (file: string) => void = () => {}): Record<string, unknown> {
  const out = structuredClone(texts);
  for (const m of PAYMENT_METHOD_LIST) {
    const file = methodTextsFile(m.method, language);
    if (!existsSync(file)) throw new Error(`payment method ${m.method} has no texts for ${language}: ${path.relative(ROOT, file)}`);
    read(file);
    const place = (from: Record<string, unknown>, to: Record<string, unknown>, at: string) => {
      for (const [key, value] of Object.entries(from)) {
        const where = at ? `${at}.${key}` : key;
        const slot = (to[key] ??= {}) as Record<string, unknown>;
        if (typeof slot !== 'object' || slot === null) throw new Error(`${path.relative(ROOT, file)}: ${where} is a text in the locale file, not a group`);
        if (typeof value === 'object' && value !== null) {
          place(value as Record<string, unknown>, slot, where);
          continue;
        }
        if (m.id in slot) throw new Error(`${where}.${m.id} is in src/web/locales/${language}.json and in ${path.relative(ROOT, file)}: keep it in the method's folder only`);
        slot[m.id] = value;
      }
    };
    place(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, out, '');
  }
  return out;
}

/** The language of an interface locale file (`…/src/web/locales/fr.json` → `fr`), else null. */
function localeLanguage(file: string): string | null {
  return path.dirname(file) === LOCALES_DIR ? (/^([\w-]+)\.json$/.exec(path.basename(file))?.[1] ?? null) : null;
}

/** A JSON file's contents; an interface locale file's with the payment methods' texts merged in. */
function readTexts(file: string, read: (file: string) => void): Record<string, unknown> {
  const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const language = localeLanguage(file);
  return language ? withPaymentMethodTexts(language, texts, read) : texts;
}

/**
 * `import('./x.json?whole')`: the whole JSON file as a module of its own (`export default`), apart from the
 * tree-shaken named imports of the same file. src/web/lib/i18n.ts bundles only the shell's English texts in the
 * first download and loads the rest this way (issue 7 point 8). Used by vite.config.ts and vitest.config.ts.
 *
 * `import texts from './x.json?pick=a+b.c+d.*.e&shell'`: only the listed top-level keys or dotted paths of the file;
 * `*` stands for every key at its level (`plans.*.name`: every plan's name, whatever the plans are).
 *
 * Every import of an interface locale file (src/web/locales/<language>.json: plain, `?whole` or `?pick`) reads it
 * with the payment methods' texts of that language merged in (`withPaymentMethodTexts`), so each language's chunk
 * carries its own methods' texts and pages read the same keys as when the locale files held them.
 */
export function wholeJson(): Plugin {
  const PREFIX = '\0whole-json:';
  const PICK = '\0pick-json:';
  return {
    name: 'sobanura-whole-json',
    enforce: 'pre',
    resolveId(id, importer) {
      const pick = /^(.*\.json)\?pick=([\w.+*]+)&shell$/.exec(id);
      if (pick && importer) return `${PICK}${path.resolve(path.dirname(importer), pick[1]!)}?${pick[2]}.mjs`;
      if (!id.endsWith('.json?whole') || !importer) return null;
      // The id must not end in .json, or Vite's JSON plugin takes it.
      return PREFIX + path.resolve(path.dirname(importer), id.slice(0, -'?whole'.length)) + '.mjs';
    },
    load(id) {
      if (id.startsWith(PICK)) {
        const [file, keys] = id.slice(PICK.length, -'.mjs'.length).split('?') as [string, string];
        this.addWatchFile(file);
        const all = readTexts(file, (f) => this.addWatchFile(f));
        const out: Record<string, unknown> = {};
        const at = (from: unknown, parts: string[]): unknown => parts.reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], from);
        const copy = (from: unknown, to: Record<string, unknown>, parts: string[]) => {
          const [p, ...rest] = parts as [string, ...string[]];
          const src = from as Record<string, unknown> | undefined;
          // Under `*`, only the keys that hold the rest of the path (`plans.*.name` skips `plans.features`).
          const keys = p === '*' ? Object.keys(src ?? {}).filter((k) => at(src?.[k], rest.filter((r) => r !== '*')) !== undefined) : [p];
          for (const key of keys) {
            if (rest.length === 0) to[key] = src?.[key];
            else copy(src?.[key], (to[key] ??= {}) as Record<string, unknown>, rest);
          }
        };
        for (const dotted of keys.split('+')) copy(all, out, dotted.split('.'));
        return `export default ${JSON.stringify(out)};`;
      }
      if (!id.startsWith(PREFIX)) {
        // A plain import (or glob) of an interface locale file: Vite's JSON plugin turns the merged text into a module.
        const [file, query] = id.split('?') as [string, string | undefined];
        const language = (query === undefined || query === 'import') && localeLanguage(file);
        if (!language) return null;
        return JSON.stringify(readTexts(file, (f) => this.addWatchFile(f)), null, 2);
      }
      const file = id.slice(PREFIX.length, -'.mjs'.length);
      this.addWatchFile(file);
      const text = JSON.stringify(readTexts(file, (f) => this.addWatchFile(f)));
      return `export default ${text};`;
    },
  };
}
