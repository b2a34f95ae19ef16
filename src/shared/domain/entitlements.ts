/**
 * What a viewer's pass allows while watching (docs/product/viewer.md §9 plan table; ADR 009), and the renditions
 * and their order in the master playlist served to that viewer (ADR 009 "Start rendition"). Pure.
 *
 * Limits by who is watching:
 * - super_admin: no quality cap, Yearly's streams, unlimited downloads.
 * - an active pass: its plan's row (Daily 720p / 1 stream / no downloads; Weekly 1080p / 3 / 10;
 *   Monthly 1080p / 5 / 25; Yearly highest / 6 / unlimited).
 * - no active pass, watching a title bought alone: 1080p, 1 stream, no downloads.
 * - no active pass, watching a free title: Daily's limits (720p, 1 stream, no downloads).
 * The data saver lowers any cap to its rung, 144p or 240p by the viewer's choice (240p until chosen); it is on when
 * the viewer turned it on, or, while the viewer has not chosen, when the browser asks to save data
 * (docs/decisions/028-data-saver-rungs-and-save-data.md, amending the 360p of ADR 009).
 */
import { DATA_SAVER_MAX_HEIGHT, START_BANDWIDTH_MAX, type DataSaverHeight, type DataSaverSource } from '../contracts/playback.js';
import { BEST_PLAN, ENTRY_PLAN, PLANS, type PlanId } from './plans.js';

export interface ViewerLimits {
  /** The active pass's plan, or null. */
  plan: PlanId | null;
  /** Highest short side in pixels, or null for the highest available. */
  maxHeight: number | null;
  /** Simultaneous streams. */
  streams: number;
  /** Downloads per pass period; 0 none; null unlimited. */
  downloads: number | null;
}

/** The limits of one viewer (see the file comment). `activePlan` is the plan of an ACTIVE pass, else null. */
export function viewerLimits(v: { superAdmin: boolean; activePlan: PlanId | null; ownsTitle?: boolean }): ViewerLimits {
  if (v.superAdmin) return { plan: v.activePlan, maxHeight: null, streams: BEST_PLAN.devices, downloads: null };
  if (v.activePlan) {
    const p = PLANS[v.activePlan];
    return { plan: v.activePlan, maxHeight: p.maxHeight, streams: p.devices, downloads: p.downloads };
  }
  if (v.ownsTitle) return { plan: null, maxHeight: 1080, streams: 1, downloads: 0 };
  return { plan: null, maxHeight: ENTRY_PLAN.maxHeight, streams: ENTRY_PLAN.devices, downloads: 0 };
}

/**
 * The effective cap in pixels (short side) and its reason: the lower of the plan's cap and, when the data saver is
 * on, its rung (`saverMaxHeight`, default DATA_SAVER_MAX_HEIGHT = 240; ADR 028).
 */
export function qualityCap(planMax: number | null, dataSaver: boolean | null, saverMaxHeight: number = DATA_SAVER_MAX_HEIGHT): { maxHeight: number | null; reason: 'plan' | 'data_saver' | null } {
  if (dataSaver && (planMax === null || saverMaxHeight < planMax)) return { maxHeight: saverMaxHeight, reason: 'data_saver' };
  return { maxHeight: planMax, reason: planMax === null ? null : 'plan' };
}

/**
 * Whether the data saver is on, at which rung, and why (ADR 028): the viewer's explicit choice wins (on: 'viewer';
 * off: off, even when the browser asks to save data); with no choice (null), the browser's Save-Data hint
 * (`Save-Data: on`, WICG "Save-Data" client hint, or `navigator.connection.saveData`) turns it on: 'browser'.
 * `storedMaxHeight` is the viewer's rung (null: not chosen, DATA_SAVER_MAX_HEIGHT).
 */
export function dataSaverState(v: { chosen: boolean | null; storedMaxHeight: DataSaverHeight | null; browserSaveData: boolean }): { on: boolean; maxHeight: DataSaverHeight; source: DataSaverSource } {
  const maxHeight = v.storedMaxHeight ?? DATA_SAVER_MAX_HEIGHT;
  if (v.chosen !== null) return { on: v.chosen, maxHeight, source: v.chosen ? 'viewer' : null };
  return v.browserSaveData ? { on: true, maxHeight, source: 'browser' } : { on: false, maxHeight, source: null };
}

/**
 * The cap to sign into a media token for `cap` (pixels, null: none) given the renditions actually served
 * (`allowedRenditions`): the cap itself, or, when no rendition fits it (a video transcoded before the 144p rung
 * existed, under a 144p data saver), the short side of the lowest one served, so that the stateless rendition check
 * of the media routes (ADR 009, 017) lets that rendition through and nothing above it.
 */
export function signedCap(cap: number | null, served: readonly { width: number; height: number }[]): number | null {
  if (cap === null || served.length === 0) return cap;
  const lowest = Math.min(...served.map(shortSide));
  return Math.max(cap, lowest);
}

/** Short side of a rendition, pixels ("720p" is 1280x720 or 720x1280; ladder.ts convention). */
export const shortSide = (r: { width: number; height: number }) => Math.min(r.width, r.height);

/** Whether a rendition is within a cap (null: no cap). */
export const withinCap = (r: { width: number; height: number }, maxHeight: number | null) => maxHeight === null || shortSide(r) <= maxHeight;

/**
 * The renditions a viewer may watch, lowest first; when none fits the cap (a source above it with no lower rung,
 * which the ladder never produces), the lowest alone, so a viewer is never left with nothing.
 */
export function allowedRenditions<T extends { width: number; height: number; bandwidth: number }>(all: readonly T[], maxHeight: number | null): T[] {
  const sorted = [...all].sort((a, b) => a.bandwidth - b.bandwidth);
  const ok = sorted.filter((r) => withinCap(r, maxHeight));
  return ok.length ? ok : sorted.slice(0, 1);
}

/**
 * Order of the variants in the served master playlist: first the highest rendition whose BANDWIDTH is at most
 * START_BANDWIDTH_MAX (else the lowest), then the rest lowest first. Players without a bandwidth estimate start on
 * the first variant (hls.js startLevel default; Apple's HLS authoring spec), then climb (ADR 009).
 */
export function startFirstOrder<T extends { bandwidth: number }>(renditions: readonly T[]): T[] {
  const sorted = [...renditions].sort((a, b) => a.bandwidth - b.bandwidth);
  if (sorted.length === 0) return sorted;
  const fitting = sorted.filter((r) => r.bandwidth <= START_BANDWIDTH_MAX);
  const start = fitting.length ? fitting[fitting.length - 1]! : sorted[0]!;
  return [start, ...sorted.filter((r) => r !== start)];
}

/** Megabytes (10^6 bytes) one hour uses at `bitsPerSecond`, one decimal. */
export const megabytesPerHour = (bitsPerSecond: number) => Math.round((bitsPerSecond * 3600) / 8 / 1e6 * 10) / 10;

/**
 * Megabytes (10^6 bytes) a whole video of `durationSeconds` uses at an average `bitsPerSecond`
 * (durationSeconds x bitsPerSecond / 8), one decimal; null when the duration is unknown or not positive.
 */
export const megabytesForDuration = (bitsPerSecond: number, durationSeconds: number | null) =>
  durationSeconds === null || !(durationSeconds > 0) ? null : Math.round(((bitsPerSecond * durationSeconds) / 8 / 1e6) * 10) / 10;

/**
 * What one purchase of a multi-part film covers (docs/decisions/023-playable-titles-and-film-parts.md): a title
 * price covers the whole film with its parts, bought once from any part. Pure; the facts come from the catalogue.
 *
 * - `holderId`: the movie that holds `movieId`'s video as one of its own parts (movie_parts), else null;
 * - `groupIds`: the movies of the automatic group (same base title, year and director; grouping.ts) of the holder
 *   (or of the movie itself), in part order; [] when it is in none;
 * - `partMovieIds`: movies whose videos are own parts of the film's movies.
 *
 * Returns `titleId`, the movie a purchase is recorded against and whose price and premium flag apply (the holder,
 * else the group's first part, else the movie), and `movieIds`, every movie a purchase of which entitles the film
 * (a purchase made earlier of a single part counts too), deduplicated, `titleId` first.
 */
export function filmTitleOf(f: { movieId: string; holderId: string | null; groupIds: readonly string[]; partMovieIds: readonly string[] }): { titleId: string; movieIds: string[] } {
  const head = f.holderId ?? f.movieId;
  const titleId = f.groupIds.includes(head) ? f.groupIds[0]! : head;
  return { titleId, movieIds: [...new Set([titleId, head, f.movieId, ...f.groupIds, ...f.partMovieIds])] };
}
