import { z } from 'zod';
import { videoStatus } from './catalog.js';

/**
 * Video ingest (issue 2 point 6). Uploads use the tus 1.0 protocol at `/api/uploads`
 * (https://tus.io/protocols/resumable-upload). Upload-Metadata keys: `filename`, `filetype`, `movieId`.
 * The server answers the final PATCH and then ingests in the background; poll GET /api/admin/videos/:id.
 */

/** Largest upload accepted, in bytes (admin spec section 9: 5 GB). */
export const MAX_VIDEO_BYTES = 5 * 1024 ** 3;
export const TUS_ENDPOINT = '/api/uploads';

export const videoAsset = z.object({
  id: z.string(),
  movieId: z.string().nullable(),
  status: videoStatus,
  /** 0-100 while processing. */
  progress: z.number(),
  error: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  renditions: z.array(z.string()),
});
export type VideoAsset = z.infer<typeof videoAsset>;
export const videoAssetResponse = z.object({ video: videoAsset });
