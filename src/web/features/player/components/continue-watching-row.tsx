import { Film, Play } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContinueWatchingItem } from '../../../../shared/contracts/playback';
import { useContinueWatching } from '../api/get-continue-watching';
import { formatClock } from '../lib/time-format';

function Still({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  return (
    <div className="relative aspect-video overflow-hidden rounded-lg bg-muted">
      {src && !broken ? (
        <img src={src} alt="" loading="lazy" width={320} height={180} className="size-full object-cover" onError={() => setBroken(true)} />
      ) : (
        <Film className="absolute inset-0 m-auto size-8 text-muted-foreground" aria-hidden="true" />
      )}
      <Play className="absolute bottom-2 left-2 size-7 rounded-full bg-black/60 p-1.5 text-white" aria-hidden="true" />
    </div>
  );
}

/** "Part 2: title", "S1E3: title", or nothing for a single film. */
function subtitle(item: ContinueWatchingItem, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (item.kind === 'episode' && item.seasonNumber != null && item.episodeNumber != null) {
    return t('player.episodeCode', { season: item.seasonNumber, episode: item.episodeNumber, title: item.episodeTitle ?? '' });
  }
  if (item.partNumber != null) return t('player.partCode', { number: item.partNumber, title: item.partTitle ?? '' });
  return '';
}

/**
 * "Continue Watching" on the home page (rules: shared/domain/resume.ts): the signed-in viewer's unfinished videos,
 * most recent first, each with how far they got; nothing at all for signed-out viewers or when there is nothing to
 * resume.
 */
export function ContinueWatchingRow({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useContinueWatching(signedIn);
  const items = query.data?.items ?? [];
  if (!signedIn || items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-4" data-testid="continue-watching">
      <h2 id={id} className="text-xl font-bold">
        {t('player.continueWatching')}
      </h2>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2">
        {items.map((item) => {
          const sub = subtitle(item, t);
          const left = Math.max(0, item.durationSeconds - item.positionSeconds);
          return (
            <li key={item.videoId} className="w-60 shrink-0 snap-start sm:w-64">
              <Link to={item.href} className="grid gap-1.5 rounded-lg focus-visible:outline-2 focus-visible:outline-ring" aria-label={t('player.resumeTitle', { title: sub ? `${item.title} – ${sub}` : item.title })}>
                <Still src={item.thumbnailUrl} />
                <div className="h-1 overflow-hidden rounded bg-muted" aria-hidden="true">
                  <div className="h-full bg-primary" style={{ width: `${Math.round(Math.min(1, Math.max(0, item.progress)) * 100)}%` }} />
                </div>
                <span className="line-clamp-1 text-sm font-semibold">{item.title}</span>
                {sub && <span className="line-clamp-1 text-xs text-muted-foreground">{sub}</span>}
                <span className="text-xs text-muted-foreground">{t('player.timeLeft', { time: formatClock(left) })}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
