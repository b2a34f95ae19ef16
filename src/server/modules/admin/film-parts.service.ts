/**
 * A film's own parts from the admin panel (docs/decisions/023-playable-titles-and-film-parts.md; docs/product/viewer.md §2 "/player/{id}?part=" and the redirect of a part's movie to the main movie). An admin attaches a movie (new or
 * existing) as Part N of a main movie: the part plays that movie's video (and follows it when the movie gets a new
 * one: media.repository.ts markReady and attachUpload), takes its title and thumbnail, and from then on the attached
 * movie's page redirects to the main movie, viewers' lists show only the main movie, and a title purchase of either
 * covers both (filmTitle).
 *
 * Rules: the main movie plays first (its own video), so part numbers default to the highest + 1, at least 2;
 * a movie cannot be its own part, a movie that holds parts cannot become a part, the attached movie needs a video,
 * and a video is one film's part at most. Errors: 404 `not_found` (either movie, or the part), 400
 * `validation_failed` naming `body.movieId`, 409 `conflict` (the part number is taken).
 */
import type { AdminFilmPart } from '../../../shared/contracts/admin.js';
import { FILM_PART_TEXTS } from '../../../shared/contracts/admin.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { ReadCache } from '../catalog/read-cache.js';
import { fieldError } from './content.service.js';
import type { FilmPartRow, FilmPartsRepository } from './film-parts.repository.js';

const toPart = (p: FilmPartRow): AdminFilmPart => ({ id: p.id, partNumber: p.partNumber, title: p.title, videoId: p.videoId, videoStatus: p.videoStatus, movieId: p.sourceMovieId });

export function createFilmPartsService(deps: { repo: FilmPartsRepository; cache?: ReadCache }) {
  const { repo } = deps;
  async function mainMovie(id: string) {
    const m = await repo.movie(id);
    if (!m) throw notFound('Movie');
    return m;
  }
  return {
    /** The parts of a movie in order; 404 when the movie does not exist. */
    async list(movieId: string): Promise<AdminFilmPart[]> {
      await mainMovie(movieId);
      return (await repo.list(movieId)).map(toPart);
    },
    /** Attaches movie `body.movieId` as a part of `movieId` (see the file comment); returns the new part. */
    async attach(movieId: string, body: { movieId: string; partNumber?: number; title?: string }): Promise<AdminFilmPart> {
      await mainMovie(movieId);
      if (body.movieId === movieId) throw fieldError('body.movieId', FILM_PART_TEXTS.notItself);
      const source = await repo.movie(body.movieId);
      if (!source) throw fieldError('body.movieId', 'Movie not found');
      if (!source.videoId) throw fieldError('body.movieId', FILM_PART_TEXTS.noVideo);
      if (await repo.hasParts(source.id)) throw fieldError('body.movieId', FILM_PART_TEXTS.holdsParts);
      if (await repo.videoIsPart(source.videoId)) throw fieldError('body.movieId', FILM_PART_TEXTS.alreadyPart);
      const partNumber = body.partNumber ?? Math.max(2, (await repo.maxPartNumber(movieId)) + 1);
      const made = await repo.insert({
        movieId,
        partNumber,
        title: body.title?.trim() || source.title,
        videoId: source.videoId,
        thumbnailUrl: source.thumbnailUrl,
        durationSeconds: source.durationSeconds,
      });
      if (made === 'conflict') throw new AppError(409, 'conflict', FILM_PART_TEXTS.numberTaken, { partNumber });
      deps.cache?.clear();
      return toPart((await repo.list(movieId)).find((p) => p.id === made.id)!);
    },
    /** Detaches a part (the attached movie is kept, and is listed on its own again). */
    async detach(movieId: string, partId: string): Promise<{ id: string; title: string }> {
      const title = await repo.remove(movieId, partId);
      if (title === null) throw notFound('Part');
      deps.cache?.clear();
      return { id: partId, title };
    },
  };
}
export type FilmPartsService = ReturnType<typeof createFilmPartsService>;
