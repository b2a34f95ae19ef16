import { useQuery } from '@tanstack/react-query';
import type { LibraryVideo } from '../../../../shared/contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, queryString } from './keys';

type VideoList = { items: LibraryVideo[]; total: number; page: number; pageSize: number };

/** GET /api/admin/videos: the video library, newest first; `q` searches file names and titles. */
export function listVideos(params: { q?: string; unattached?: 'true'; status?: string; page?: number }): Promise<VideoList> {
  return apiRequest(`/api/admin/videos${queryString({ ...params, pageSize: 20 })}`);
}
export function useLibraryVideos(params: { q?: string; unattached?: 'true' }, enabled = true) {
  return useQuery({ queryKey: adminKeys.videos(params), queryFn: () => listVideos(params), enabled });
}
/** POST /api/admin/videos/verify → { exists, video }; 404 not_found when the library has no such video. */
export function verifyVideo(videoId: string): Promise<{ exists: true; video: LibraryVideo }> {
  return apiRequest('/api/admin/videos/verify', { method: 'POST', body: { videoId } });
}
/** POST /api/admin/videos/validate: the pre-upload check (docs/product/admin.md §7); `success` false with `errors`. */
export function validateVideo(file: { name: string; size: number; type: string }): Promise<{ success: boolean; errors: string[] }> {
  return apiRequest('/api/admin/videos/validate', { method: 'POST', body: { fileName: file.name, fileSize: file.size, fileType: file.type } });
}
