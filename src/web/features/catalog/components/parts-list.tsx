import { Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MovieFull } from '../../../../shared/contracts/browse';
import { formatDuration } from '../../../../shared/domain/duration';
import { cn } from '../../../lib/cn';
import { Poster, posterSources } from './poster';

/**
 * The parts of a multi-part film, in order. A group's parts are movies of their own and play at /player/{id};
 * a movie's own parts (movie parts, not movies) play at /player/{movieId}?part={partId}. The page's movie is one
 * of its group's parts, never one of its own parts, which tells the two apart. The part on screen is marked.
 */
export function PartsList({ parts, currentId }: { parts: MovieFull['parts']; currentId: string }) {
  const { t, i18n } = useTranslation();
  if (parts.length === 0) return null;
  const groupParts = parts.some((p) => p.id === currentId);
  const href = (partId: string) =>
    groupParts ? `/player/${encodeURIComponent(partId)}` : `/player/${encodeURIComponent(currentId)}?part=${encodeURIComponent(partId)}`;
  return (
    <section aria-labelledby="parts-heading" className="grid gap-3">
      <h2 id="parts-heading" className="text-xl font-bold">
        {t('catalog.partsTitle', { count: parts.length })}
      </h2>
      <ol className="grid gap-2 sm:grid-cols-2">
        {parts.map((p) => {
          const current = p.id === currentId;
          return (
            <li key={p.id}>
              <Link
                to={href(p.id)}
                aria-current={current ? 'true' : undefined}
                data-testid="part-link"
                // Hover marks the border, not the background: the part label (text-primary) keeps its 4.5:1 contrast (on the
                // muted background it fell to 4.28:1, WCAG 1.4.3).
                className={cn('flex items-center gap-3 rounded-lg border p-2 transition hover:border-primary/60 hover:shadow-sm', current && 'border-primary ring-1 ring-primary')}
              >
                <Poster sources={posterSources(p.posterUrl)} alt="" ratio="video" sizes="112px" className="w-28 shrink-0 rounded-md" />
                <span className="grid min-w-0 gap-0.5">
                  <span className="text-xs font-semibold uppercase text-primary">{t('catalog.partNumber', { number: p.partNumber })}</span>
                  <span className="line-clamp-2 text-sm font-medium">{p.title}</span>
                  {p.durationSeconds != null && <span className="text-xs text-muted-foreground">{formatDuration(p.durationSeconds, i18n.language)}</span>}
                </span>
                <Play className="ml-auto size-5 shrink-0 text-primary" aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
