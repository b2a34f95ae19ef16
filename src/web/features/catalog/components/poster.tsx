import { useState } from 'react';
import { imageSrcset } from '../../../../shared/domain/images';
import { cn } from '../../../lib/cn';

/** The posters to try in order: the poster, then the fallbacks (part thumbnails, then the thumbnail), no repeats. */
export function posterSources(posterUrl: string | null | undefined, fallbacks: readonly string[] = []): string[] {
  return [...new Set([posterUrl, ...fallbacks].filter((s): s is string => !!s))];
}

const RATIO = { poster: 'aspect-[2/3]', video: 'aspect-video' } as const;
const SIZE = { poster: { width: 400, height: 600 }, video: { width: 640, height: 360 } } as const;
/**
 * How wide a poster is drawn, for the browser's choice from `srcset`: the catalogue grids (movie-grid.tsx) show
 * 2 columns on a phone, 3 from 640 px, 4 from 768 px, 5 from 1024 px.
 */
export const GRID_POSTER_SIZES = '(min-width: 1024px) 20vw, (min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw';
/** A detail page's poster (watch and series pages): at most 240 CSS pixels wide. */
export const DETAIL_POSTER_SIZES = '240px';

/**
 * An image whose box is reserved before it loads (2:3 poster or 16:9 still), so nothing shifts on slow networks.
 * A broken image falls back to the next source, then to a placeholder (docs/product/viewer.md §2, "Movie card").
 * Lazy unless `eager`; an empty `alt` marks it decorative (the card's title says what it is). An uploaded image
 * comes with its narrower WebP widths as `srcset` (shared/domain/images.ts), so a phone downloads the 320 px one.
 */
export function Poster({
  sources,
  alt,
  className,
  eager = false,
  ratio = 'poster',
  sizes = GRID_POSTER_SIZES,
  placeholder = true,
}: {
  sources: readonly string[];
  alt: string;
  className?: string;
  eager?: boolean;
  ratio?: keyof typeof RATIO;
  /** The `sizes` attribute that goes with the srcset; the catalogue grid's by default. */
  sizes?: string;
  /** false: nothing (not even the film icon) when every source fails; for posters behind other content. */
  placeholder?: boolean;
}) {
  const key = sources.join('\n');
  const [state, setState] = useState({ key, index: 0 });
  // New sources (another title, or a live update): start again from the first.
  if (state.key !== key) setState({ key, index: 0 });
  const index = state.key === key ? state.index : 0;
  const src = sources[index];
  const srcSet = imageSrcset(src);

  return (
    <div className={cn('relative w-full overflow-hidden bg-muted', RATIO[ratio], className)}>
      {src ? (
        <img
          key={src}
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          {...SIZE[ratio]}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          onError={() => setState({ key, index: index + 1 })}
          className="size-full object-cover"
        />
      ) : placeholder ? (
        <div
          data-testid="poster-placeholder"
          className="flex size-full items-center justify-center bg-gradient-to-br from-muted to-secondary text-muted-foreground"
          {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        >
          <span className="film-icon size-10" aria-hidden="true" />
        </div>
      ) : null}
    </div>
  );
}
