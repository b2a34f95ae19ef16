import { describe, expect, it } from 'vitest';
import { afterEpisodeEnds, nextEpisode, nextPart } from './next-item';

const p = (id: string, partNumber: number) => ({ id, partNumber });

describe('nextPart', () => {
  const own = [p('o2', 2), p('o1', 1), p('o3', 3)];
  const group = [p('m1', 1), p('m2', 2), p('m3', 3)];

  it('goes to the next of the movie’s own parts, in part order', () => {
    expect(nextPart({ movieId: 'm1', currentPartId: 'o1', ownParts: own, groupParts: [] })).toEqual({ kind: 'own', part: p('o2', 2) });
    expect(nextPart({ movieId: 'm1', currentPartId: 'o2', ownParts: own, groupParts: [] })).toEqual({ kind: 'own', part: p('o3', 3) });
    // No part chosen: the movie's video, then its first own part.
    expect(nextPart({ movieId: 'm1', currentPartId: null, ownParts: own, groupParts: [] })?.part.id).toBe('o1');
  });

  it('after the last own part goes on to the next movie of the group', () => {
    expect(nextPart({ movieId: 'm1', currentPartId: 'o3', ownParts: own, groupParts: group })).toEqual({ kind: 'group', part: p('m2', 2) });
  });

  it('walks the group when the movie has no own parts, and stops after the last', () => {
    expect(nextPart({ movieId: 'm2', currentPartId: null, ownParts: [], groupParts: group })).toEqual({ kind: 'group', part: p('m3', 3) });
    expect(nextPart({ movieId: 'm3', currentPartId: null, ownParts: [], groupParts: group })).toBeNull();
    expect(nextPart({ movieId: 'm3', currentPartId: 'o3', ownParts: own, groupParts: group })).toBeNull();
  });

  it('has nothing next for a lone movie or a movie missing from its group list', () => {
    expect(nextPart({ movieId: 'x', currentPartId: null, ownParts: [], groupParts: [] })).toBeNull();
    expect(nextPart({ movieId: 'x', currentPartId: null, ownParts: [], groupParts: group })).toBeNull();
  });

  it('treats an unknown part id as the first own part', () => {
    expect(nextPart({ movieId: 'm1', currentPartId: 'nope', ownParts: own, groupParts: [] })?.part.id).toBe('o2');
  });
});

describe('nextEpisode and afterEpisodeEnds', () => {
  const e = (seasonNumber: number, episodeNumber: number) => ({ seasonNumber, episodeNumber });
  const seasons = [
    { seasonNumber: 2, episodes: [e(2, 2), e(2, 1)] },
    { seasonNumber: 1, episodes: [e(1, 1), e(1, 2), e(1, 4)] },
    { seasonNumber: 3, episodes: [] },
  ];

  it('is the next episode of the same season, skipping missing numbers', () => {
    expect(nextEpisode(seasons, 1, 1)).toEqual({ seasonNumber: 1, episodeNumber: 2, sameSeason: true });
    expect(nextEpisode(seasons, 1, 2)).toEqual({ seasonNumber: 1, episodeNumber: 4, sameSeason: true });
  });

  it('after a season’s last episode is the next season’s first, and none after the last (empty seasons skipped)', () => {
    expect(nextEpisode(seasons, 1, 4)).toEqual({ seasonNumber: 2, episodeNumber: 1, sameSeason: false });
    expect(nextEpisode(seasons, 2, 2)).toBeNull();
    expect(nextEpisode(seasons, 9, 1)).toBeNull();
  });

  it('autoplays inside a season, stops and offers the next season at its end, stops at the very end', () => {
    expect(afterEpisodeEnds(nextEpisode(seasons, 1, 1))).toEqual({ kind: 'autoplay', next: e(1, 2) });
    expect(afterEpisodeEnds(nextEpisode(seasons, 1, 4))).toEqual({ kind: 'offer-season', next: e(2, 1) });
    expect(afterEpisodeEnds(nextEpisode(seasons, 2, 2))).toEqual({ kind: 'stop' });
  });
});
