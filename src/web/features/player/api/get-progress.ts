import type { ProgressResponse } from '../../../../shared/contracts/playback';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/progress/:id (video, movie, part or episode id): the viewer's saved position and where to resume. */
export function getProgress(id: string): Promise<ProgressResponse> {
  return apiRequest(`/api/progress/${encodeURIComponent(id)}`);
}
