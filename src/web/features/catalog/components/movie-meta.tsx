import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../../shared/domain/duration';
import { cn } from '../../../lib/cn';
import { formatDecimal } from '../../../lib/format';

/**
 * Year · duration · rating star, as one line, in the interface language's units and decimals ("1 h 30 min", "6,1"
 * in French: format.ts, duration.ts). A title nobody has rated yet shows no star rather than "0.0".
 */
export function MovieMeta({
  year,
  durationSeconds,
  rating,
  className,
}: {
  year: number | null;
  durationSeconds: number | null;
  rating: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const duration = formatDuration(durationSeconds, i18n.language);
  const stars = formatDecimal(rating, i18n.language);
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground', className)}>
      {year != null && <span>{year}</span>}
      {duration && <span>{duration}</span>}
      {rating > 0 && (
        <span className="inline-flex items-center gap-1">
          <Star className="size-3.5 fill-accent text-accent" aria-hidden="true" />
          <span className="sr-only">{t('catalog.ratingLabel', { rating: stars })}</span>
          <span aria-hidden="true">{stars}</span>
        </span>
      )}
    </div>
  );
}
