/**
 * Citations of the product's rules stay inside the repository and point somewhere real:
 * - src/, tests/ and bench/ never cite the earlier specifications or the design guide that live outside the
 *   repository (they are restated in docs/product/, see docs/product/README.md);
 * - every `docs/product/<file>.md §N` cited in src/, tests/, bench/, docs/ or README.md names a file and a
 *   numbered section (a `## N.` / `### N.M` heading) that exist;
 * - every ADR in docs/decisions/ carries a `Date: YYYY-MM-DD` and a `Status:` line near its top
 *   (docs/decisions/README.md), and is listed, by its file name, in that index.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|ya?ml|sql|css|html|sh|conf|txt)$/;

function walk(rel: string, out: string[] = []): string[] {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return out;
  for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
    const r = `${rel}/${e.name}`;
    if (e.isDirectory()) {
      if (!['node_modules', 'dist', 'data', '.git'].includes(e.name)) walk(r, out);
    } else if (TEXT.test(e.name)) out.push(r);
  }
  return out;
}

/** 1-based line of a character offset. */
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

// Built from pieces so that this file does not cite what it forbids.
const OUTSIDE = new RegExp(['\\b(viewer|admin)[- ]spec\\b', 'DESIGN' + '\\.md', '\\.\\./shared/spec'].join('|'), 'i');

/** The numbered sections of a docs/product file: "## 4. States" -> "4", "### 4.4 One error" -> "4.4". */
function sectionsOf(file: string): Set<string> {
  const text = fs.readFileSync(path.join(ROOT, 'docs/product', file), 'utf8');
  return new Set([...text.matchAll(/^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s/gm)].map((m) => m[1]!));
}

/** Every `docs/product/<file>.md` citation with the § numbers that follow it (up to the next citation or `;`). */
function citations(text: string): { file: string; sections: string[]; index: number }[] {
  const found: { file: string; sections: string[]; index: number }[] = [];
  for (const m of text.matchAll(/docs\/product\/([\w-]+\.md)/g)) {
    const start = m.index + m[0].length;
    let chunk = text.slice(start, start + 200);
    const cut = chunk.search(/docs\/|;|\n\s*\n/);
    if (cut >= 0) chunk = chunk.slice(0, cut);
    const sections = [...chunk.matchAll(/§(\d+(?:\.\d+)*)(?:-(\d+(?:\.\d+)*))?/g)].flatMap((s) => (s[2] ? [s[1]!, s[2]] : [s[1]!]));
    found.push({ file: m[1]!, sections, index: m.index });
  }
  return found;
}

describe('citations of the product rules', () => {
  it('src, tests and bench cite docs/product and ADRs, never documents outside the repository', () => {
    const offenders: string[] = [];
    for (const f of [...walk('src'), ...walk('tests'), ...walk('bench')]) {
      const lines = fs.readFileSync(path.join(ROOT, f), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (OUTSIDE.test(line)) offenders.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('every docs/product citation names a file and sections that exist', () => {
    const files = new Set(fs.readdirSync(path.join(ROOT, 'docs/product')).filter((f) => f.endsWith('.md')));
    const sections = new Map([...files].map((f) => [f, sectionsOf(f)]));
    const broken: string[] = [];
    const sources = [...walk('src'), ...walk('tests'), ...walk('bench'), ...walk('docs'), 'README.md'];
    for (const f of sources) {
      const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
      for (const c of citations(text)) {
        const where = `${f}:${lineOf(text, c.index)}`;
        if (!files.has(c.file)) broken.push(`${where}: docs/product/${c.file} does not exist`);
        else for (const s of c.sections) if (!sections.get(c.file)!.has(s)) broken.push(`${where}: docs/product/${c.file} has no §${s}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('finds the sections it checks against (the parser itself)', () => {
    expect(sectionsOf('viewer.md')).toEqual(new Set(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']));
    expect(sectionsOf('architecture.md').has('4.4')).toBe(true);
    const p = ['docs', 'product', ''].join('/'); // so that this file cites nothing itself
    expect(citations(`see (${p}admin.md §3-5, §9 "x"; ${p}viewer.md §2.1)`)).toEqual([
      { file: 'admin.md', sections: ['3', '5', '9'], index: 5 },
      { file: 'viewer.md', sections: ['2.1'], index: 41 },
    ]);
  });
});

describe('architecture decision records', () => {
  const dir = path.join(ROOT, 'docs/decisions');
  const adrs = fs.readdirSync(dir).filter((f) => /^\d{3}-.*\.md$/.test(f));

  it('each carries a Date and a Status near its top', () => {
    const missing: string[] = [];
    for (const f of adrs) {
      const head = fs.readFileSync(path.join(dir, f), 'utf8').split('\n').slice(0, 12).join('\n');
      if (!/^Date: \d{4}-\d{2}-\d{2}\b/m.test(head)) missing.push(`${f}: no "Date: YYYY-MM-DD"`);
      if (!/^Status: \S/m.test(head)) missing.push(`${f}: no "Status:"`);
    }
    expect(adrs.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('each is listed in the index, docs/decisions/README.md', () => {
    const index = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    expect(adrs.filter((f) => !index.includes(`](${f})`))).toEqual([]);
  });
});
