/**
 * The HLS rendition ladder: which sizes and bitrates a film is transcoded into.
 *
 * Source: the ladder table (240p to 1080p, as quoted in ADR 005), up to the source's display height and never
 * above it; a source smaller than 240p gets one rendition at its own size; maxrate ~1.07x and bufsize ~1.5x;
 * audio 96 kb/s for 240p/360p and 128 kb/s above. Amended by ADR 005 (a top rung at the source's size) and
 * ADR 026 (a 144p rung below the table for the worst links and the data saver). Pure: no I/O, shared by
 * server and web.
 *
 * Convention: a rung's "p" number is the SHORT side of the picture, so "720p" is 1280x720 for a
 * landscape film and 720x1280 for a portrait phone video. The ladder is planned on the DISPLAY size
 * (after rotation metadata and sample aspect ratio), so a portrait video gets as many rungs as the
 * same video held sideways. Code that caps quality by height (plan.maxHeight) should compare against
 * the rung's short side, `Math.min(width, height)`, not its height.
 */

/** One row of the ladder table. Bitrates in bits per second. */
export interface LadderStep {
  /** Short side of the picture in pixels, e.g. 720 for "720p". */
  shortSide: number;
  /** Target (average) video bitrate, bits per second. */
  videoBitrate: number;
  /** AAC stereo bitrate, bits per second. */
  audioBitrate: number;
}

/** The ladder table, lowest first (the rungs ADR 005 quotes). */
export const LADDER: readonly LadderStep[] = [
  { shortSide: 240, videoBitrate: 350_000, audioBitrate: 96_000 },
  { shortSide: 360, videoBitrate: 700_000, audioBitrate: 96_000 },
  { shortSide: 480, videoBitrate: 1_200_000, audioBitrate: 128_000 },
  { shortSide: 720, videoBitrate: 2_500_000, audioBitrate: 128_000 },
  { shortSide: 1080, videoBitrate: 4_500_000, audioBitrate: 128_000 },
];

/**
 * The lowest rung (docs/decisions/026-cmaf-segments-and-144p-rung.md): 144 lines (256x144 for 16:9) at
 * 90 kb/s of video and 48 kb/s of AAC-LC stereo 48 kHz, so that with the fMP4 container an hour stays under
 * 150 kb/s in all (about 0.065 GB an hour). ffmpeg's native AAC encoder has no HE-AAC, and the rung keeps
 * stereo 48 kHz like every other rendition so players switch without re-creating their audio pipeline.
 */
export const BOTTOM_RUNG: LadderStep = { shortSide: 144, videoBitrate: 90_000, audioBitrate: 48_000 };

/** Peak video bitrate (x264 -maxrate) as a multiple of the target bitrate (see the Source above). */
export const MAXRATE_FACTOR = 1.07;
/** Rate-control buffer (x264 -bufsize) as a multiple of the target bitrate, in bits (see the Source above). */
export const BUFSIZE_FACTOR = 1.5;
/**
 * Lowest video bitrate given to a source smaller than 240p, bits per second. The ladder table leaves that
 * rung's bitrate open; it is the 240p bitrate scaled by pixel count, not below this floor.
 */
export const MIN_VIDEO_BITRATE = 100_000;

/** One rendition to produce: output size in pixels (both even) and bitrates in bits per second. */
export interface Rung {
  /** "<short side>p", e.g. "720p"; also the rendition's folder name. */
  name: string;
  width: number;
  height: number;
  /** Target video bitrate, bits per second. */
  videoBitrate: number;
  /** Peak video bitrate (-maxrate), bits per second. */
  maxrate: number;
  /** Rate-control buffer size (-bufsize), bits. */
  bufsize: number;
  /** AAC stereo bitrate, bits per second. */
  audioBitrate: number;
}

/** Nearest even number, at least 2 (H.264 4:2:0 needs even sizes). */
function nearestEven(x: number): number {
  return Math.max(2, 2 * Math.round(x / 2));
}

/** Largest even number not above x, at least 2. */
function evenAtMost(x: number): number {
  return Math.max(2, 2 * Math.floor(x / 2));
}

function rung(name: string, width: number, height: number, videoBitrate: number, audioBitrate: number): Rung {
  return {
    name,
    width,
    height,
    videoBitrate,
    maxrate: Math.round(videoBitrate * MAXRATE_FACTOR),
    bufsize: Math.round(videoBitrate * BUFSIZE_FACTOR),
    audioBitrate,
  };
}

/**
 * Plans the renditions for a source of the given DISPLAY size (pixels, after rotation), lowest first.
 *
 * Every table rung whose short side is at most the source's short side is kept (never upscaled);
 * sizes keep the source's aspect ratio and are even. A source whose short side is below 240 gets one
 * rendition at its own (even) size, with the 240p bitrate scaled by pixel count (at least
 * MIN_VIDEO_BITRATE), as the Source above says. Throws RangeError for a size that is not positive and finite.
 *
 * BOTTOM_RUNG (144p, ADR 026) comes first for every source whose short side is at least 144 * 1.2 (173):
 * a source of 240 lines or more gets it below its table rungs, and a source of 173 to 239 lines gets it below
 * its own-size rendition (the ADR 005 rule, with 144p as the rung below). A source of 144 to 172 lines is
 * too close to 144 for two renditions and keeps its own size alone, as does anything smaller.
 *
 * Examples: 1920x1080 gives 144p (256x144), 240p..1080p (6 rungs); 1280x720 gives 5; 480x352 gives 144p
 * (196x144), 240p (328x240) and its own size, 352p (480x352, ADR 005); 720x1280 (portrait) gives 144x256,
 * 240x426 ... 720x1280; 320x200 gives 144p (230x144) and "200p" at 320x200; 160x120 gives one "120p".
 */
export function planLadder(displayWidth: number, displayHeight: number): Rung[] {
  if (!Number.isFinite(displayWidth) || !Number.isFinite(displayHeight) || displayWidth < 1 || displayHeight < 1) {
    throw new RangeError(`planLadder needs a positive display size, got ${displayWidth}x${displayHeight}`);
  }
  const landscape = displayWidth >= displayHeight;
  const short = landscape ? displayHeight : displayWidth;
  const long = landscape ? displayWidth : displayHeight;
  const bottom = LADDER[0]!;
  const tableRung = (step: LadderStep): Rung => {
    const longSide = Math.min(nearestEven((step.shortSide * long) / short), evenAtMost(long));
    const width = landscape ? longSide : step.shortSide;
    const height = landscape ? step.shortSide : longSide;
    return rung(`${step.shortSide}p`, width, height, step.videoBitrate, step.audioBitrate);
  };
  const lowest = short >= BOTTOM_RUNG.shortSide * SOURCE_RUNG_MIN_GAIN ? [tableRung(BOTTOM_RUNG)] : [];

  if (short < bottom.shortSide) {
    const width = evenAtMost(displayWidth);
    const height = evenAtMost(displayHeight);
    const share = (width * height) / (nearestEven((bottom.shortSide * 16) / 9) * bottom.shortSide);
    const videoBitrate = Math.max(MIN_VIDEO_BITRATE, Math.round((bottom.videoBitrate * share) / 1000) * 1000);
    return [...lowest, rung(`${Math.min(width, height)}p`, width, height, videoBitrate, bottom.audioBitrate)];
  }

  const rungs = [...lowest, ...LADDER.filter((step) => step.shortSide <= short).map(tableRung)];

  // A source well between two rungs (e.g. 480x352) would otherwise be served only at the rung below it,
  // throwing away a third of its lines. It gets one more rendition at its own size; see
  // docs/decisions/005-source-size-top-rung.md.
  const below = [...LADDER].reverse().find((step) => step.shortSide <= short)!;
  const above = LADDER.find((step) => step.shortSide > short);
  if (above && short >= below.shortSide * SOURCE_RUNG_MIN_GAIN) {
    const evenShort = evenAtMost(short);
    const f = (evenShort - below.shortSide) / (above.shortSide - below.shortSide);
    const videoBitrate = Math.round((below.videoBitrate + f * (above.videoBitrate - below.videoBitrate)) / 1000) * 1000;
    const longSide = Math.min(nearestEven((evenShort * long) / short), evenAtMost(long));
    rungs.push(rung(`${evenShort}p`, landscape ? longSide : evenShort, landscape ? evenShort : longSide, videoBitrate, above.audioBitrate));
  }
  return rungs;
}

/**
 * A source whose short side is at least this multiple of the highest table rung it reaches gets an extra top
 * rendition at its own size (docs/decisions/005-source-size-top-rung.md).
 */
export const SOURCE_RUNG_MIN_GAIN = 1.2;
