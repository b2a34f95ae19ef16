import { Film } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

/** The posters to try in order: the poster, then the fallbacks (part thumbnails, then the thumbnail), no repeats. */
export function posterSources(posterUrl: string | null | undefined, fallbacks: readonly string[] = []): string[] {
  return [...new Set([posterUrl, ...fallbacks].filter((s): s is string => !!s))];
}

const RATIO = { poster: 'aspect-[2/3]', video: 'aspect-video' } as const;
const SIZE = { poster: { width: 400, height: 600 }, video: { width: 640, height: 360 } } as const;

/**
 * An image whose box is reserved before it loads (2:3 poster or 16:9 still), so nothing shifts on slow networks.
 * A broken image falls back to the next source, then to a placeholder (viewer spec section 2, "Movie card").
 * Lazy unless `eager`; an empty `alt` marks it decorative (the card's title says what it is).
 */
export function Poster({
  sources,
  alt,
  className,
  eager = false,
  ratio = 'poster',
  sizes,
  placeholder = true,
}: {
  sources: readonly string[];
  alt: string;
  className?: string;
  eager?: boolean;
  ratio?: keyof typeof RATIO;
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

  return (
    <div className={cn('relative w-full overflow-hidden bg-muted', RATIO[ratio], className)}>
      {src ? (
        <img
          key={src}
          src={src}
          alt={alt}
          {...SIZE[ratio]}
          sizes={sizes}
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
          <Film className="size-10" aria-hidden="true" />
        </div>
      ) : null}
    </div>
  );
}
