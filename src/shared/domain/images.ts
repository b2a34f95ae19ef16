/**
 * Responsive images (ADR 012: posters with `srcset`). Uploaded images are stored as WebP at each width of
 * IMAGE_WIDTHS that is not wider than the original (src/server/modules/admin/images.service.ts) and served at
 * `/media/images/{id}/{width}.webp`. A stored URL names one of those widths, so every narrower width of the list
 * exists too; wider ones may not, and are never offered.
 */

/** Widths (pixels) each image is stored at, as WebP. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

/**
 * The `srcset` of an image URL: for `/media/images/{id}/{w}.webp`, every stored width up to `w`
 * ("…/320.webp 320w, …/640.webp 640w"); undefined for any other URL (posters taken from a video frame, or a
 * width not in IMAGE_WIDTHS), which then loads as its single `src`.
 */
export function imageSrcset(url: string | null | undefined): string | undefined {
  const m = url ? /^(\/media\/images\/[^/?#]+\/)(\d+)\.webp$/.exec(url) : null;
  if (!m) return undefined;
  const width = Number(m[2]);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return undefined;
  return IMAGE_WIDTHS.filter((w) => w <= width)
    .map((w) => `${m[1]}${w}.webp ${w}w`)
    .join(', ');
}
