/** The searches the catalogue bench sends (run.ts) and profiles (profile-search.ts). */
import { prng, VOCABULARY } from './seed.js';

/**
 * What people type: rare title words, the same with a typo, the first letters of a word, accented and
 * upper-case forms, two words, translator and director names, and the commonest words (thousands of matches,
 * the costly case).
 */
export function searchQueries(): string[] {
  const r = prng(7);
  const typo = (w: string) => {
    const i = 1 + Math.floor(r() * (w.length - 2));
    return w.slice(0, i) + 'aeiou'[Math.floor(r() * 5)] + w.slice(i + 1);
  };
  const rare = Array.from({ length: 24 }, () => VOCABULARY[200 + Math.floor(r() * 3000)]!);
  const qs = [
    ...rare.slice(0, 8),
    ...rare.slice(8, 16).map(typo),
    ...rare.slice(16, 24).map((w) => w.slice(0, Math.max(3, w.length - 2))),
    'Ìnzóvú',
    'INTÀRE',
    `${rare[0]} ${rare[1]!.slice(0, 3)}`,
    'junior giti',
    'kimomo',
    'agasobanuy',
    'kamali',
    ...VOCABULARY.slice(0, 3),
  ];
  return qs;
}
