/**
 * One Kinyarwanda spelling of e-mail in the interface: "imeri" (Kinyarwanda writes r where the loan has l, as in
 * Rwandan public services' forms), never imeyili, imeli or the English word; "{{email}}" placeholders excepted.
 * And "Premium" is translated in French and Kinyarwanda (a badge, not a brand).
 */
import { describe, expect, it } from 'vitest';
import fr from './fr.json';
import pagesRw from '../features/pages/locales/rw.json';
import rw from './rw.json';

function values(o: unknown, path = ''): [string, string][] {
  if (typeof o === 'string') return [[path, o]];
  if (o && typeof o === 'object') return Object.entries(o).flatMap(([k, v]) => values(v, path ? `${path}.${k}` : k));
  return [];
}

describe('Kinyarwanda and French wording', () => {
  it('spells e-mail one way in every Kinyarwanda text, the static pages’ included', () => {
    const all = [...values(rw), ...values(pagesRw, 'pages')];
    const other = all.filter(([, v]) => /\b(?:imeyili|imeli|imel|e-?mail)\b/i.test(v.replace(/\{\{\s*\w+\s*\}\}/g, '')));
    expect(other).toEqual([]);
    expect(all.filter(([, v]) => /\bimeri\b/i.test(v)).length).toBeGreaterThan(5);
  });

  it('translates the Premium badge', () => {
    for (const texts of [fr, rw]) expect(texts.catalog.premium).not.toMatch(/premium/i);
  });
});
