import type { ImageView } from '../../../../shared/contracts/admin';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../../../shared/contracts/admin';
import { ApiError } from '../../../lib/api-client';

/** Client checks of an image before upload (docs/product/admin.md §5 "Image"); the server decodes it again. */
export function checkImageFile(file: { type: string; size: number }): 'imageType' | 'imageSize' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  if (file.size >= MAX_IMAGE_BYTES) return 'imageSize';
  return null;
}

/**
 * POST /api/admin/images: the raw bytes with their type; the server decodes, strips EXIF and stores WebP widths.
 * Errors: 413 image_too_large, 415 image_rejected, as ApiError.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<ImageView> {
  const res = await fetch('/api/admin/images', {
    method: 'POST',
    headers: { 'Content-Type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name), Accept: 'application/json' },
    body: file,
    credentials: 'same-origin',
    signal,
  });
  const data = (await res.json().catch(() => null)) as { image?: ImageView; error?: { code: string; message: string; details?: unknown } } | null;
  if (!res.ok || !data?.image) {
    const e = data?.error;
    throw new ApiError(res.status, e?.code ?? (res.status >= 500 ? 'internal' : 'http_error'), e?.message ?? res.statusText, e?.details);
  }
  return data.image;
}
