/**
 * What every page downloads before it can hydrate (docs/decisions/014-server-rendering.md): the built index.html's
 * module script, its modulepreloads and every chunk those import statically. zod (the contracts' validation
 * library) stays out of it: it loads with the forms and pages that validate, not with the header and footer that
 * every page draws. It came back once through a value import of the site settings' defaults (src/web/lib/site-info.ts
 * → shared/contracts/site.ts) and cost the measured pages 2-8 Lighthouse points in Total Blocking Time; the
 * defaults now live in shared/contracts/site-defaults.ts. Reads dist/web as `npm run test:e2e` builds it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const web = path.resolve('dist/web');

/** The chunks a page loads before hydrating: `/assets/…` paths from index.html, then their static imports, transitively. */
function firstDownload(): Map<string, string> {
  const html = readFileSync(path.join(web, 'index.html'), 'utf8');
  const start = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"|<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!);
  const chunks = new Map<string, string>();
  const queue = start.map((p) => path.join(web, p));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (chunks.has(file)) continue;
    const code = readFileSync(file, 'utf8');
    chunks.set(file, code);
    // Static imports only (`import{a}from"./x.js"`, `import"./x.js"`); `import("./x.js")` loads on demand.
    for (const m of code.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)) queue.push(path.join(path.dirname(file), m[1]!));
  }
  return chunks;
}

/** zod's own names, which survive minification as strings and class names (`ZodError`, `$ZodType`, `ZodObject`). */
const ZOD = /\$?Zod(Error|Type|Object)\b/;

describe('the first download of every page', () => {
  it('is the entry, its preloads and their static imports, and holds no zod', () => {
    expect(existsSync(path.join(web, 'index.html')), 'dist/web is built by npm run test:e2e').toBe(true);
    const chunks = firstDownload();
    const names = [...chunks.keys()].map((f) => path.basename(f));
    expect(names.some((n) => n.startsWith('index-'))).toBe(true);
    expect(names.some((n) => n.startsWith('vendor-'))).toBe(true);
    expect(names.filter((n) => n.startsWith('zod'))).toEqual([]);
    expect(names.filter((n) => ZOD.test(chunks.get(path.join(web, 'assets', n))!))).toEqual([]);
    // The same pattern finds zod where it is: in the chunks the forms load on demand.
    const assets = path.join(web, 'assets');
    const withZod = readdirSync(assets).filter((f) => f.endsWith('.js') && ZOD.test(readFileSync(path.join(assets, f), 'utf8')));
    expect(withZod.length).toBeGreaterThan(0);
    expect(withZod.some((f) => names.includes(f))).toBe(false);
  });
});
