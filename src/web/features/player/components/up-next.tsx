import { SkipForward } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';

/** Seconds before the next part or episode of the same season starts by itself. */
export const UP_NEXT_SECONDS = 8;

/**
 * Drawn over the player when a video ends and something follows: "Up next" with a countdown that starts the
 * next part or episode (`autoplay`), or, at the end of a season, an offer of the next season without starting
 * it (docs/product/viewer.md §2: "Playing the last episode of a season stops").
 */
export function UpNext({ label, href, autoplay, onGo }: { label: string; href: string; autoplay: boolean; onGo: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(autoplay ? UP_NEXT_SECONDS : null);

  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      onGo();
      return;
    }
    const timer = window.setTimeout(() => setLeft((s) => (s === null ? null : s - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [left, onGo]);

  return (
    <div className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 bg-black/75 p-4 text-center text-white" data-testid="up-next">
      <p className="text-xs font-semibold uppercase tracking-wide text-white/70">{autoplay ? t('player.upNext') : t('player.seasonFinished')}</p>
      <p className="max-w-md text-lg font-semibold">{label}</p>
      {left !== null && <p className="text-sm text-white/80">{t('player.startsIn', { count: left })}</p>}
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={href}>
            <SkipForward aria-hidden="true" />
            {autoplay ? t('player.playNow') : t('player.playNextSeason')}
          </Link>
        </Button>
        {left !== null && (
          <Button variant="secondary" onClick={() => setLeft(null)}>
            {t('player.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}
