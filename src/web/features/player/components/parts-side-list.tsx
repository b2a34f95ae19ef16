import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDuration } from '../../../../shared/domain/duration';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';

export interface SidePart {
  id: string;
  partNumber: number;
  title: string;
  durationSeconds: number | null;
  href: string;
  current: boolean;
}

/** The side list of a multi-part film on the player page: every part, the one playing marked "Now Playing". */
export function PartsSideList({ parts }: { parts: SidePart[] }) {
  const { t, i18n } = useTranslation();
  if (parts.length === 0) return null;
  return (
    <section aria-labelledby="player-parts" className="grid content-start gap-3">
      <h2 id="player-parts" className="text-lg font-semibold">
        {t('player.partsTitle', { count: parts.length })}
      </h2>
      <ol className="grid gap-2">
        {parts.map((p) => (
          <li key={p.id}>
            <Link
              to={p.href}
              aria-current={p.current ? 'page' : undefined}
              data-testid="side-part"
              className={cn('grid gap-0.5 rounded-lg border p-3 transition hover:bg-muted', p.current && 'border-primary bg-primary/10')}
            >
              <span className="flex items-center justify-between gap-2 text-xs font-semibold uppercase text-primary">
                {t('player.partNumber', { number: p.partNumber })}
                {p.current && <Badge>{t('player.nowPlaying')}</Badge>}
              </span>
              <span className="line-clamp-2 text-sm font-medium">{p.title}</span>
              {p.durationSeconds != null && <span className="text-xs text-muted-foreground">{formatDuration(p.durationSeconds, i18n.language)}</span>}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
