import type { AdminMovie } from '../../../../shared/contracts/catalog';
import type { UploadItem } from '../hooks/use-uploads';

export type UploadLabel = 'uploading' | 'processing' | 'completed' | 'failed';

/**
 * What an upload row shows: the transfer while bytes go up, then the server's processing of that movie's
 * video (from the polled movie list) until it is ready or failed.
 */
export function uploadView(item: UploadItem, movie: AdminMovie | undefined): { label: UploadLabel; percent: number; error: string | null } {
  if (item.state === 'uploading') return { label: 'uploading', percent: item.progress, error: null };
  if (item.state === 'error') return { label: 'failed', percent: item.progress, error: item.error };
  const video = movie?.video;
  if (video?.status === 'ready') return { label: 'completed', percent: 100, error: null };
  if (video?.status === 'failed') return { label: 'failed', percent: video.progress, error: video.error };
  if (video?.status === 'processing') return { label: 'processing', percent: video.progress, error: null };
  return { label: 'processing', percent: 0, error: null };
}

/** True while an upload of this tab has reached the server but its video is not settled yet. */
export function awaitingServer(item: UploadItem, movie: AdminMovie | undefined): boolean {
  return item.state === 'transferred' && movie?.video?.status !== 'ready' && movie?.video?.status !== 'failed';
}
