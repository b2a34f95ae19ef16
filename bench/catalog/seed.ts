/**
 * The bench catalogue (issue 3 "a 10,000-title catalogue"): deterministic (seeded PRNG), written through the
 * product's own services in bulk transactions. Movies: about 30 % in automatic groups of 2-4 parts ("Base Part
 * k", same year and director), 200 custom groups of 2-5 movies, the rest single titles; 8 categories; 20
 * translators; creation times spread over three years; titles and descriptions drawn from 4,000 words, a few
 * common and most rare (`vocabulary`). Series: 500, each 2 seasons of 10 episodes. Every movie and episode then
 * gets the ready placeholder video (playable-fixture.ts), so viewers are shown the whole catalogue (ADR 023).
 */
import type { Services } from '../../src/server/services.js';
import type { Database } from '../../src/server/db/client.js';
import { givePlaceholderVideos } from '../../src/server/modules/catalog/playable-fixture.js';
import type { MovieInput, MovieWriteOptions } from '../../src/server/modules/catalog/catalog.service.js';

/** mulberry32: a small seeded PRNG, numbers in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Real words, Kinyarwanda and English, that open the vocabulary (the commonest words of titles). */
export const WORDS = [
  'inzovu', 'intare', 'ingwe', 'umwami', 'amahoro', 'urukundo', 'ishyamba', 'inkuba', 'umugezi', 'ikiyaga', 'umusozi', 'inyenyeri',
  'ubuzima', 'intambara', 'urugendo', 'umukobwa', 'umuhungu', 'igihugu', 'umujyi', 'inzira', 'ijoro', 'izuba', 'imvura', 'umuyaga',
  'ubwato', 'inyanja', 'umutima', 'isezerano', 'ibanga', 'ubwami', 'intwari', 'umurinzi', 'igisimba', 'inzoka', 'inkona', 'ikirwa',
  'shadow', 'storm', 'legend', 'hunter', 'empire', 'warrior', 'secret', 'journey', 'kingdom', 'revenge', 'fortune', 'dragon',
];
const SYLLABLES = ['ba', 'bu', 'ga', 'gi', 'ha', 'ka', 'ki', 'ku', 'ma', 'mu', 'na', 'ni', 'nya', 'nzo', 'ra', 'ri', 'ru', 'sa', 'shi', 'ta', 'to', 'vu', 'wa', 'ya', 'za', 'mbe', 'nge', 'twa', 'bwi', 'cyo'];

/**
 * The bench's words: the real ones above first, then synthetic Kinyarwanda-like words, `n` in all. Titles draw
 * them with a skewed (Zipf-like) distribution: the first words are common, most are rare, as in real titles.
 */
export function vocabulary(n: number, seed = 11): string[] {
  const r = prng(seed);
  const words = new Set(WORDS);
  while (words.size < n) {
    const k = 2 + Math.floor(r() * 3);
    words.add(Array.from({ length: k }, () => SYLLABLES[Math.floor(r() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}
/** The bench's 4,000 words. */
export const VOCABULARY = vocabulary(4000);

/** The bench's categories (docs/product/admin.md §3 lists most of them). */
export const CATEGORIES = ['action', 'comedy', 'drama', 'horror', 'sci-fi', 'thriller', 'documentary', 'romance'];
const DIRECTORS = ['Kamali', 'Uwase', 'Mugisha', 'Ishimwe', 'Niyonzima', 'Mutesi', 'Habimana', 'Ingabire', 'Nkurunziza', 'Umutoni'];
const TRANSLATORS = ['Junior Giti', 'Rocky Kimomo', 'Sankara', 'Yanga', 'Savimbi', 'Ganza', 'Dylan', 'Gaheza', 'Kiriwa', 'Mugenzi', 'Nyampinga', 'Kayitare', 'Bikorimana', 'Uwineza', 'Sebarenzi', 'Mukamana', 'Rwigema', 'Keza', 'Shema', 'Iradukunda'];

export interface SeedResult {
  movieIds: string[];
  seriesIds: string[];
  translatorSlugs: string[];
}

const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);

/** Seeds `movies` movies and `series` series (see the file comment); returns their ids and the translators' slugs. */
export async function seedCatalogue(services: Services, db: Database, opts: { movies: number; series: number; seed?: number }, log: (s: string) => void = () => {}): Promise<SeedResult> {
  const rnd = prng(opts.seed ?? 42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const now = Date.now();
  const when = () => new Date(now - Math.floor(rnd() * 3 * 365 * 86_400_000));
  const word = () => VOCABULARY[Math.floor(VOCABULARY.length * Math.pow(rnd(), 2.5))]!;
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  // Titles end with a word of 2+ letters, so single titles are never read as parts.
  const title = () => `${cap(word())} ${word()}${rnd() < 0.5 ? ` ${word()}` : ''}`;

  const translators: { id: string; slug: string }[] = [];
  for (const name of TRANSLATORS) translators.push(await services.translators.create({ name, bio: `${name} translates films into Kinyarwanda.` }));

  const specs: { input: MovieInput; opts: MovieWriteOptions }[] = [];
  const base = (extra: Partial<MovieInput> = {}): MovieInput => ({
    title: title(),
    category: pick(CATEGORIES),
    description: `${cap(sentence(8))}. Agasobanuye.`,
    director: pick(DIRECTORS),
    year: 1990 + Math.floor(rnd() * 36),
    rating: Math.round(rnd() * 100) / 10,
    isPremium: rnd() < 0.8,
    translatorId: pick(translators).id,
    ...extra,
  });
  // About 30 % of the movies in automatic groups of 2-4 parts.
  while (specs.length < opts.movies * 0.3) {
    const b = base();
    const parts = 2 + Math.floor(rnd() * 3);
    const t0 = when();
    for (let k = 1; k <= parts; k++) specs.push({ input: { ...b, title: `${b.title} Part ${k}`, rating: Math.round(rnd() * 100) / 10 }, opts: { createdAt: new Date(t0.getTime() + k * 86_400_000) } });
  }
  while (specs.length < opts.movies) specs.push({ input: base(), opts: { createdAt: when() } });

  const movieIds: string[] = [];
  for (let i = 0; i < specs.length; i += 500) {
    movieIds.push(...(await services.catalog.createMany(specs.slice(i, i + 500))));
    log(`  movies ${movieIds.length}/${specs.length}`);
  }
  // 200 custom groups of 2-5 single movies.
  const singles = movieIds.slice(Math.ceil(opts.movies * 0.3));
  let next = 0;
  for (let g = 0; g < 200 && next + 5 < singles.length; g++) {
    const n = 2 + Math.floor(rnd() * 4);
    await services.groups.create({ title: `${cap(word())} collection ${g + 1}`, description: sentence(6), movieIds: singles.slice(next, next + n) });
    next += n;
  }
  log(`  custom groups 200 (${next} movies)`);

  const seriesIds: string[] = [];
  for (let i = 0; i < opts.series; i += 50) {
    const batch = Array.from({ length: Math.min(50, opts.series - i) }, () => ({
      values: { title: title(), category: pick(CATEGORIES), description: sentence(10), director: pick(DIRECTORS), year: 2000 + Math.floor(rnd() * 26), rating: Math.round(rnd() * 100) / 10, translatorId: pick(translators).id, createdAt: when() },
      seasons: [1, 2].map((s) => ({ seasonNumber: s, title: `Season ${s}`, episodes: Array.from({ length: 10 }, (_, e) => ({ episodeNumber: e + 1, title: `Episode ${e + 1}`, description: sentence(6), durationSeconds: 1200 + Math.floor(rnd() * 1800) })) })),
    }));
    seriesIds.push(...(await services.series.createMany(batch)));
  }
  log(`  series ${seriesIds.length} (20 episodes each)`);
  // Viewers see only titles with a ready video (docs/decisions/023-playable-titles-and-film-parts.md): without one,
  // every list, search and page a viewer asks for would be empty or 404, and the load would measure nothing.
  await givePlaceholderVideos(db);
  services.catalogCache.clear();
  return { movieIds, seriesIds, translatorSlugs: translators.map((t) => t.slug) };
}
