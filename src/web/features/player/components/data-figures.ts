/**
 * What each quality costs, as the player shows it (the quality menu and the download dialog;
 * docs/decisions/028-data-saver-rungs-and-save-data.md). Pure. Megabytes are 10^6 bytes; heights are the short side
 * of the picture in pixels (ladder.ts convention).
 */
import type { DataSaverHeight, PlaybackRendition } from '../../../../shared/contracts/playback';
import { BOTTOM_RUNG, LADDER } from '../../../../shared/domain/ladder';
import { formatDecimal } from '../../../lib/format';

/**
 * Megabytes in the viewer's language (ADR 025: "1,234" en, "1 234" fr, "1.234" rw): one decimal under 10 MB
 * ("0.8", "0,8"), whole megabytes from 10.
 */
export function formatMegabytes(mb: number, language: string): string {
  return formatDecimal(mb, language, mb < 10 ? 1 : 0);
}

/** A data-saver choice: off, or on at one of its rungs (viewer's choice, ADR 028). */
export type DataSaverChoice = { dataSaver: false } | { dataSaver: true; dataSaverMaxHeight: DataSaverHeight };

/**
 * The rendition a choice would play at most: the highest of `renditions` whose short side is within `maxHeight`
 * (null: the highest of all), else the lowest (a video with no rung that small plays its lowest, ADR 028); null
 * when there are none.
 */
export function renditionWithin(renditions: readonly PlaybackRendition[], maxHeight: number | null): PlaybackRendition | null {
  const sorted = [...renditions].sort((a, b) => a.averageBandwidth - b.averageBandwidth);
  const fitting = sorted.filter((r) => maxHeight === null || Math.min(r.width, r.height) <= maxHeight);
  return fitting.at(-1) ?? sorted[0] ?? null;
}

/**
 * What an hour of a data-saver rung costs by the ladder's target bit rates, megabytes (10^6 bytes): video plus
 * audio bits per second × 3,600 / 8 (ladder.ts: 144p 138 kb/s → about 62 MB; 240p 446 kb/s → about 201 MB). An
 * estimate for where no film's renditions are at hand (the settings page); bench/playback measured 62.6 and
 * 198.1 MB an hour of fMP4. Throws RangeError for a height with no rung.
 */
export function ladderMegabytesPerHour(height: DataSaverHeight): number {
  const step = [BOTTOM_RUNG, ...LADDER].find((s) => s.shortSide === height);
  if (!step) throw new RangeError(`no ladder rung of ${height}p`);
  return ((step.videoBitrate + step.audioBitrate) * 3600) / 8 / 1e6;
}
