/**
 * Thumbnails and posters (docs/product/admin.md §5 "Image", §7 "Storage", §9; ADR 010 "Images"): JPEG, PNG, GIF or
 * WebP under 5 MB, checked by decoding the bytes with sharp (never by the name or the declared type). Each
 * image is stored as WebP at the widths of IMAGE_WIDTHS that are not wider than the original (the original
 * width when it is narrower than all of them), for `srcset`; rotated upright by its EXIF orientation, then
 * written without any metadata (EXIF, XMP, ICC, GPS are dropped; sharp keeps none unless asked). A GIF keeps
 * its first frame. Objects: `images/{id}/{width}.webp` in the media storage, served at `/media/images/{id}/{width}.webp`.
 *
 * Errors: AppError 413 `image_too_large` 'File size must be less than 5MB' (5 MB = 5 × 1024 × 1024 bytes,
 * refused at 5 MB and above), 415 `image_rejected` 'Please select only image files (JPEG, PNG, GIF, WebP)'.
 */
import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { ImageView } from '../../../shared/contracts/admin.js';
import { ADMIN_TEXTS, IMAGE_WIDTHS, MAX_IMAGE_BYTES } from '../../../shared/contracts/admin.js';
import { AppError } from '../../lib/app-error.js';
import { keys, type MediaStorage } from '../../providers/storage/media-storage.js';

/** Decoded formats accepted (sharp's names). */
const FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
/** Largest picture decoded, in pixels (a guard against decompression bombs; 40 megapixels). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** WebP quality, 1-100. */
export const IMAGE_QUALITY = 80;

export const imageTooLarge = () => new AppError(413, 'image_too_large', ADMIN_TEXTS.imageSize);
const rejected = () => new AppError(415, 'image_rejected', ADMIN_TEXTS.imageType);

export function createImagesService(deps: { storage: MediaStorage }) {
  const url = (id: string, width: number) => `/media/images/${id}/${width}.webp`;
  return {
    /** Checks, converts and stores one image; returns its view. */
    async store(bytes: Buffer): Promise<ImageView> {
      if (bytes.length >= MAX_IMAGE_BYTES) throw imageTooLarge();
      if (bytes.length === 0) throw rejected();
      let meta: Awaited<ReturnType<Sharp['metadata']>>;
      try {
        meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
      } catch {
        throw rejected();
      }
      if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw rejected();
      const upright = meta.orientation && meta.orientation >= 5 ? { w: meta.height!, h: meta.width! } : { w: meta.width!, h: meta.height! };
      const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= upright.w);
      if (widths.length === 0) widths.push(upright.w);
      const id = randomUUID();
      try {
        const variants: ImageView['variants'] = [];
        for (const width of widths) {
          // A header that parses is not enough: each conversion decodes the whole picture, and a cut or
          // damaged file fails it (failOn 'error').
          const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: IMAGE_QUALITY })
            .toBuffer({ resolveWithObject: true })
            .catch(() => {
              throw rejected();
            });
          await deps.storage.put(keys.imageFile(id, `${width}.webp`), data, { contentType: 'image/webp' });
          variants.push({ width, height: info.height, url: url(id, width), bytes: data.length });
        }
        const main = variants.find((v) => v.width === 640) ?? variants[variants.length - 1]!;
        return {
          id,
          url: main.url,
          srcset: variants.map((v) => `${v.url} ${v.width}w`).join(', '),
          variants,
          width: upright.w,
          height: upright.h,
          format: meta.format!,
        };
      } catch (err) {
        await deps.storage.deletePrefix(keys.image(id)).catch(() => {});
        throw err;
      }
    },
    /** The object key of a stored variant; null when the name is not one this service writes. */
    keyOf(id: string, file: string): string | null {
      if (!/^[0-9a-f-]{36}$/.test(id) || !/^\d{1,5}\.webp$/.test(file)) return null;
      return keys.imageFile(id, file);
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
