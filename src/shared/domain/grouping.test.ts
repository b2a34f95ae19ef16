import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoGroupKey, detectPart, groupDuration, groupMovies, groupRating, type CustomGroupDef, type GroupableMovie } from './grouping.js';

describe('part detection (docs/product/viewer.md §4, docs/product/admin.md §4)', () => {
  it.each([
    ['Inzovu Part 2', 'Inzovu', 2],
    ['Inzovu part 12', 'Inzovu', 12],
    ['Inzovu - Part 3', 'Inzovu', 3],
    ['Inzovu Pt 2', 'Inzovu', 2],
    ['Inzovu Pt. 4', 'Inzovu', 4],
    ['Inzovu 2', 'Inzovu', 2],
    ['Inzovu - 2', 'Inzovu', 2],
    ['Inzovu: 2', 'Inzovu', 2],
    ['Inzovu Episode 5', 'Inzovu', 5],
    ['Inzovu Chapter 1', 'Inzovu', 1],
    ['Inzovu A', 'Inzovu', 1],
    ['Inzovu B', 'Inzovu', 2],
    ['Inzovu c', 'Inzovu', 3],
    ['Abc D', 'Abc', 4],
    ['  Umwami   w\'Ishyamba   Part   2 ', "Umwami w'Ishyamba", 2],
    ['Fast & Furious 7', 'Fast & Furious', 7],
  ])('%s is part %#', (title, base, n) => {
    expect(detectPart(title)).toEqual({ baseTitle: base, partNumber: n });
  });

  it.each([
    'Inzovu', // no suffix
    'Up B', // single letter, base of 2 characters only
    'Ab C',
    'Counterpart', // "part" inside a word
    'Inzovu Part 0', // parts start at 1
    '2012', // a number alone has no base
    'Inzovu-2', // no space before the dash
    '',
  ])('%s is not a part', (title) => {
    expect(detectPart(title)).toBeNull();
  });

  const word = fc.stringMatching(/^[A-Za-z][a-z]{1,7}$/);
  const base = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
  const suffixes: ((n: number) => string)[] = [(n) => ` Part ${n}`, (n) => ` Pt ${n}`, (n) => ` ${n}`, (n) => ` - ${n}`, (n) => `: ${n}`, (n) => ` Episode ${n}`, (n) => ` Chapter ${n}`];

  it('finds the base and number of every suffix form, whatever the base', () => {
    fc.assert(
      fc.property(base, fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 0, max: suffixes.length - 1 }), (b, n, s) => {
        expect(detectPart(`${b}${suffixes[s]!(n)}`)).toEqual({ baseTitle: b, partNumber: n });
      }),
    );
  });

  it('finds a trailing single letter only when the base is longer than 2 characters', () => {
    fc.assert(
      fc.property(base, fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'.split('')), (b, letter) => {
        const got = detectPart(`${b} ${letter}`);
        if (b.length > 2) expect(got).toEqual({ baseTitle: b, partNumber: letter.toLowerCase().charCodeAt(0) - 96 });
        else expect(got).toBeNull();
      }),
    );
  });

  it('never returns an empty or padded base, or a number below 1', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (title) => {
        const p = detectPart(title);
        if (p) {
          expect(p.baseTitle.length).toBeGreaterThan(0);
          expect(p.baseTitle).toBe(p.baseTitle.trim());
          expect(p.partNumber).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });

  it('keys automatic groups by lower-cased base title, year and director', () => {
    expect(autoGroupKey({ title: 'INZOVU Part 1', year: 2020, director: ' Jane  Doe ' })).toBe('inzovu|2020|jane doe');
    expect(autoGroupKey({ title: 'inzovu B', year: 2020, director: 'jane doe' })).toBe('inzovu|2020|jane doe');
    expect(autoGroupKey({ title: 'Inzovu 2', year: null, director: '' })).toBe('inzovu||');
    expect(autoGroupKey({ title: 'Inzovu', year: 2020, director: 'x' })).toBeNull();
  });
});

describe('group rating and duration (docs/product/viewer.md §9)', () => {
  it.each([
    [[8, 6], 7],
    [[7.3, 7.2], 7.3],
    [[0, 8, 0], 8],
    [[0, 0], 0],
    [[], 0],
    [[9.9, 9.8, 9.8], 9.8],
    [[5, 6, 6], 5.7],
  ])('rates %j as %d', (ratings, want) => {
    expect(groupRating(ratings)).toBe(want);
  });

  it('rates a group between its lowest and highest positive ratings, with one decimal', () => {
    const rating = fc.integer({ min: 0, max: 100 }).map((t) => t / 10);
    fc.assert(
      fc.property(fc.array(rating, { maxLength: 8 }), (ratings) => {
        const r = groupRating(ratings);
        const pos = ratings.filter((x) => x > 0);
        if (pos.length === 0) return r === 0;
        return r >= Math.min(...pos) && r <= Math.max(...pos) && Math.abs(r * 10 - Math.round(r * 10)) < 1e-9;
      }),
    );
  });

  it('sums the known durations', () => {
    expect(groupDuration([3600, 1800])).toBe(5400);
    expect(groupDuration([3600, null])).toBe(3600);
    expect(groupDuration([null, undefined])).toBeNull();
    expect(groupDuration([])).toBeNull();
  });
});

describe('grouping a catalogue (docs/product/viewer.md §4)', () => {
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000);
  const movie = (id: string, title: string, extra: Partial<GroupableMovie> = {}): GroupableMovie => ({ id, title, year: 2020, director: 'Jane', createdAt: at(Number(id.replace(/\D/g, '') || 0)), ...extra });
  const keys = (items: ReturnType<typeof groupMovies>) =>
    items.map((i) => (i.kind === 'movie' ? i.movie.id : `${i.key}=${i.parts.map((p) => p.id).join(',')}`)).sort();

  it('groups two or more parts with the same base, year and director', () => {
    const items = groupMovies([movie('m2', 'Inzovu Part 2'), movie('m1', 'inzovu part 1'), movie('m3', 'Inzovu Part 3', { year: 2021 }), movie('m4', 'Intare')], []);
    expect(keys(items)).toEqual(['a:inzovu|2020|jane=m1,m2', 'm3', 'm4']);
    const g = items.find((i) => i.kind === 'group');
    expect(g).toMatchObject({ title: 'inzovu', isCustom: false, groupId: 'inzovu|2020|jane' });
  });

  it('does not group parts of different directors, and leaves a lone part alone', () => {
    expect(keys(groupMovies([movie('m1', 'Inzovu A'), movie('m2', 'Inzovu B', { director: 'John' })], []))).toEqual(['m1', 'm2']);
  });

  it('shows a custom group only with at least 2 present movies, and custom wins over automatic groups', () => {
    const ms = [movie('m1', 'Inzovu Part 1'), movie('m2', 'Inzovu Part 2'), movie('m3', 'Inzovu Part 3'), movie('m4', 'Intare')];
    const groups: CustomGroupDef[] = [
      { id: 'g1', title: 'Favourites', movieIds: ['m1', 'm4'] },
      { id: 'g2', title: 'Lonely', movieIds: ['m3', 'gone'] },
    ];
    expect(keys(groupMovies(ms, groups))).toEqual(['a:inzovu|2020|jane=m2,m3', 'c:g1=m1,m4']);
    // Without m4, g1 has one present movie: it is not shown, and m1 joins its automatic group again.
    expect(keys(groupMovies(ms.filter((m) => m.id !== 'm4'), groups))).toEqual(['a:inzovu|2020|jane=m1,m2,m3']);
  });

  const catalogue = fc
    .array(
      fc.record({
        base: fc.constantFrom('Inzovu', 'Intare', 'Ingwe', 'Umwami'),
        suffix: fc.constantFrom('', ' Part 1', ' Part 2', ' 3', ' B', ': 4'),
        year: fc.constantFrom(2019, 2020),
        director: fc.constantFrom('Jane', 'jane', 'John'),
      }),
      { maxLength: 25 },
    )
    .map((rows) => rows.map((r, i) => movie(`m${i}`, `${r.base}${r.suffix}`, { year: r.year, director: r.director, createdAt: at(i) })));
  const customGroups = (n: number) =>
    fc.uniqueArray(fc.record({ id: fc.constantFrom('g1', 'g2', 'g3'), members: fc.uniqueArray(fc.integer({ min: 0, max: Math.max(0, n - 1) }), { maxLength: 4 }) }), { maxLength: 3, selector: (g) => g.id }).map((gs) =>
      gs.map((g) => ({ id: g.id, title: g.id, movieIds: g.members.map((i) => `m${i}`) })),
    );

  it('places every movie in exactly one item; groups have 2 or more parts sharing a key', () => {
    fc.assert(
      fc.property(
        catalogue.chain((ms) => fc.tuple(fc.constant(ms), customGroups(ms.length))),
        ([ms, groups]) => {
          const items = groupMovies(ms, groups);
          const seen = items.flatMap((i) => (i.kind === 'movie' ? [i.movie.id] : i.parts.map((p) => p.id)));
          expect(seen.sort()).toEqual(ms.map((m) => m.id).sort());
          for (const i of items) {
            if (i.kind === 'movie') continue;
            expect(i.parts.length).toBeGreaterThanOrEqual(2);
            if (!i.isCustom) expect(new Set(i.parts.map((p) => autoGroupKey(p))).size).toBe(1);
            else expect(i.parts.every((p) => groups.find((g) => g.id === i.groupId)!.movieIds.includes(p.id))).toBe(true);
          }
          // A movie left alone is not a part, or the only unclaimed one of its key.
          const alone = items.filter((i) => i.kind === 'movie').map((i) => (i as { movie: GroupableMovie }).movie);
          const aloneKeys = alone.map((m) => autoGroupKey(m)).filter((k) => k !== null);
          expect(new Set(aloneKeys).size).toBe(aloneKeys.length);
        },
      ),
    );
  });

  it('does not depend on the order of the catalogue', () => {
    fc.assert(
      fc.property(
        catalogue.chain((ms) => fc.tuple(fc.shuffledSubarray(ms, { minLength: ms.length, maxLength: ms.length }), fc.constant(ms), customGroups(ms.length))),
        ([shuffled, ms, groups]) => {
          expect(keys(groupMovies(shuffled, groups))).toEqual(keys(groupMovies(ms, groups)));
        },
      ),
    );
  });
});
