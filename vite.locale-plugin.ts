import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `import('./x.json?whole')`: the whole JSON file as a module of its own (`export default`), apart from the
 * tree-shaken named imports of the same file. src/web/lib/i18n.ts bundles only the shell's English texts in the
 * first download and loads the rest this way (issue 7 point 8). Used by vite.config.ts and vitest.config.ts.
 *
 * `import texts from './x.json?pick=a+b.c+d.*.e&shell'`: only the listed top-level keys or dotted paths of the file;
 * `*` stands for every key at its level (`plans.*.name`: every plan's name, whatever the plans are).
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
        const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
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
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -'.mjs'.length);
      this.addWatchFile(file);
      const text = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
      return `export default ${text};`;
    },
  };
}
