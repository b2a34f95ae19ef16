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
 * One statement of small reads on indexed columns (movie_parts.video_id, movies.display_key, movie_parts.movie_id).
 */
export async function filmTitle(db: Database, movieId: string): Promise<{ titleId: string; movieIds: string[] } | null> {
  // One statement (one round trip on a movie's page): the movie and the part-holder of its video, the automatic
  // group of the head movie (the holder, or the movie itself), and the movies whose videos are parts of that film.
  const [m] = rowsOf(
    await db.execute(sql`with m as (
        select m.id, (select mp.movie_id from movie_parts mp where m.video_id is not null and mp.video_id = m.video_id and mp.movie_id <> m.id order by mp.created_at, mp.id limit 1) as holder
        from movies m where m.id = ${movieId}
      ), grp as (
        select g.id, g.part_number, g.created_at from m join movies h on h.id = coalesce(m.holder, m.id)
          join movies g on g.display_key = h.display_key where h.display_key like 'a:%'
      ), films as (
        select id from grp union all select coalesce(m.holder, m.id) from m where not exists (select 1 from grp)
      )
      select m.id::text as id, m.holder::text as holder,
        coalesce((select array_agg(g.id::text order by g.part_number asc nulls last, g.created_at asc, g.id asc) from grp g), '{}') as group_ids,
        coalesce((select array_agg(distinct x.id::text) from movie_parts mp join movies x on x.video_id = mp.video_id
          where mp.movie_id in (select id from films) and x.id <> mp.movie_id), '{}') as part_ids
      from m`),
  );
  if (!m) return null;
  const holderId = (m.holder as string | null) ?? null;
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.replace(/^\{|\}$/g, '').split(',').filter(Boolean) : []);
  const group = list(m.group_ids);
  const partMovieIds = list(m.part_ids);
  return filmTitleOf({ movieId, holderId, groupIds: group, partMovieIds });
}
