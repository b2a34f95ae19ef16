import { z } from 'zod';
import { videoStatus } from './catalog.js';

/**
 * Video ingest (docs/product/admin.md §5 "Video file"). Uploads use the tus 1.0 protocol at `/api/uploads`
 * (https://tus.io/protocols/resumable-upload). Upload-Metadata keys: `filename`, `filetype`, `movieId`.
 * The server answers the final PATCH and then ingests in the background; poll GET /api/admin/videos/:id.
 */

/** Largest upload accepted, in bytes (docs/product/admin.md §9: 5 GB). */
export const MAX_VIDEO_BYTES = 5 * 1024 ** 3;
export const TUS_ENDPOINT = '/api/uploads';

/**
 * Why a video failed, as a stable code (docs/decisions/023-playable-titles-and-film-parts.md): the admin screens show
 * it translated (en, fr, rw) instead of the English text of the tools; the tools' own words go to the server log only.
 */
export const MEDIA_FAILURE_CODES = [
  'not_a_video',
  'no_video_stream',
  'audio_only',
  'still_image',
  'unsupported_codec',
  'corrupt',
  'truncated',
  'probe_timeout',
  'upload_expired',
  'file_missing',
  'transcode_failed',
  'tools_missing',
  'unknown',
] as const;
export type MediaFailureCode = (typeof MEDIA_FAILURE_CODES)[number];
/** The zod schema of a failure code. */
export const mediaFailureCodeSchema = z.enum(MEDIA_FAILURE_CODES);

/** The code of a stored failure reason (the reasons media.service.ts and ffprobe.ts write); null for no reason. Pure. */
export function mediaFailureCode(reason: string | null | undefined): MediaFailureCode | null {
  if (!reason) return null;
  const rules: [RegExp, MediaFailureCode][] = [
    [/still reading it after|was stopped/i, 'probe_timeout'],
    [/only a cover picture/i, 'audio_only'],
    [/no video stream/i, 'no_video_stream'],
    [/still image/i, 'still_image'],
    [/cannot decode/i, 'unsupported_codec'],
    [/incomplete|truncated/i, 'truncated'],
    [/damaged/i, 'corrupt'],
    [/not a video|could not be read as a video/i, 'not_a_video'],
    [/upload expired/i, 'upload_expired'],
    [/file is missing/i, 'file_missing'],
    [/not installed|unavailable/i, 'tools_missing'],
    [/^transcoding failed/i, 'transcode_failed'],
  ];
  return rules.find(([re]) => re.test(reason))?.[1] ?? 'unknown';
}

/** A reason without the tool's own words (the "(ffprobe: …)" quote), as stored and shown; the full text is logged. Pure. */
export const withoutToolText = (reason: string): string => reason.replace(/\s*\(ffprobe: [\s\S]*\)(?=\.?$)/, '');

export const videoAsset = z.object({
  id: z.string(),
  movieId: z.string().nullable(),
  status: videoStatus,
  /** 0-100 while processing. */
  progress: z.number(),
  error: z.string().nullable(),
  /** The failure reason as a stable code (mediaFailureCode), null unless failed. */
  errorCode: mediaFailureCodeSchema.nullable().optional(),
  durationSeconds: z.number().nullable(),
  renditions: z.array(z.string()),
});
export type VideoAsset = z.infer<typeof videoAsset>;
export const videoAssetResponse = z.object({ video: videoAsset });

