/**
 * Which movies make up one multi-part film, for title purchases and their entitlement
 * (docs/decisions/023-playable-titles-and-film-parts.md; the rule is `filmTitleOf`, src/shared/domain/entitlements.ts).
 * Read by billing (what "Buy this title" sells), playback (who may watch a part) and browsing (the price shown).
 */
import { sql } from 'drizzle-orm';
import { filmTitleOf } from '../../../shared/domain/entitlements.js';
import type { Database } from '../../db/client.js';

const rowsOf = (r: unknown): Record<string, unknown>[] => (Array.isArray(r) ? r : ((r as { rows?: Record<string, unknown>[] }).rows ?? []));

/**
 * The film `movieId` belongs to: `{ titleId, movieIds }` (see filmTitleOf), or null when there is no such movie.
 * Three small reads on indexed columns (movie_parts.video_id, movies.display_key, movie_parts.movie_id).
 */
export async function filmTitle(db: Database, movieId: string): Promise<{ titleId: string; movieIds: string[] } | null> {
  const [m] = rowsOf(
    await db.execute(sql`select m.id::text as id,
        (select mp.movie_id::text from movie_parts mp where m.video_id is not null and mp.video_id = m.video_id and mp.movie_id <> m.id order by mp.created_at, mp.id limit 1) as holder
      from movies m where m.id = ${movieId}`),
  );
  if (!m) return null;
  const holderId = (m.holder as string | null) ?? null;
  const head = holderId ?? movieId;
  const group = rowsOf(
    await db.execute(sql`select g.id::text as id from movies h join movies g on g.display_key = h.display_key
      where h.id = ${head} and h.display_key like 'a:%' order by g.part_number asc nulls last, g.created_at asc, g.id asc`),
  ).map((r) => String(r.id));
  const films = group.length ? group : [head];
  const partMovieIds = rowsOf(
    await db.execute(sql`select distinct x.id::text as id from movie_parts mp join movies x on x.video_id = mp.video_id
      where mp.movie_id = any(${`{${films.join(',')}}`}::uuid[]) and x.id <> mp.movie_id`),
  ).map((r) => String(r.id));
  return filmTitleOf({ movieId, holderId, groupIds: group, partMovieIds });
}
