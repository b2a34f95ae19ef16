/**
 * The catalogue list's fixed choices (docs/product/viewer.md §2 and §9, the /movies route and "Movies page size 10": the Movies and
 * Series tabs; newest, oldest, highest rated, A-Z; 10 a page). Kept apart from the zod contract
 * (contracts/browse.ts re-exports them), so the web app's list page reads them without loading zod.
 */
export const PAGE_SIZE = 10;
export const SORTS = ['newest', 'oldest', 'rating', 'az'] as const;
export const TABS = ['movies', 'series'] as const;

/** Who a catalogue answer is for (docs/decisions/023-playable-titles-and-film-parts.md): admins also see titles viewers cannot play yet. */
export type Audience = 'viewer' | 'admin';

/**
 * What a viewer can do with a title, from the status of the video it plays (ADR 023): 'ready' plays; 'processing'
 * (uploading or transcoding) is "not available yet"; 'failed' (the transcode failed, or there is no video) is
 * "not available", with no promise that it will come.
 */
export type Availability = 'ready' | 'processing' | 'failed';
export function availabilityOf(videoStatus: 'uploading' | 'processing' | 'ready' | 'failed' | null | undefined): Availability {
  if (videoStatus === 'ready') return 'ready';
  if (videoStatus === 'uploading' || videoStatus === 'processing') return 'processing';
  return 'failed';
}

/** The availability of a title made of several videos (a group's parts, a series' episodes): ready when any is. */
export function combinedAvailability(statuses: readonly ('uploading' | 'processing' | 'ready' | 'failed' | null | undefined)[]): Availability {
  const each = statuses.map(availabilityOf);
  if (each.includes('ready')) return 'ready';
  return each.includes('processing') ? 'processing' : 'failed';
}
