/**
 * The catalogue list's fixed choices (viewer spec, the /movies route and "Movies page size 10": the Movies and
 * Series tabs; newest, oldest, highest rated, A-Z; 10 a page). Kept apart from the zod contract
 * (contracts/browse.ts re-exports them), so the web app's list page reads them without loading zod.
 */
export const PAGE_SIZE = 10;
export const SORTS = ['newest', 'oldest', 'rating', 'az'] as const;
export const TABS = ['movies', 'series'] as const;
