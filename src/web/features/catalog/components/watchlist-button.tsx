import { Bookmark, BookmarkCheck, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { WatchlistTarget } from '../api/get-watchlist';
import { useWatchlistToggle } from '../hooks/use-watchlist-toggle';

/**
 * Add to / Remove from Watchlist. `compact`: a round icon button laid over a card's poster, named after the title
 * for screen readers; otherwise a full button for the detail pages.
 */
export function WatchlistButton({ target, title, compact = false, className }: { target: WatchlistTarget; title: string; compact?: boolean; className?: string }) {
  const { t } = useTranslation();
  const { saved, pending, toggle, ready } = useWatchlistToggle(target, title);
  const Icon = pending ? Loader2 : saved ? BookmarkCheck : Bookmark;
  const icon = <Icon className={cn(pending && 'animate-spin')} aria-hidden="true" />;

  if (compact) {
    return (
      <button
        type="button"
        onClick={toggle}
        disabled={!ready}
        aria-busy={pending}
        aria-label={saved ? t('watchlist.removeNamed', { title }) : t('watchlist.addNamed', { title })}
        title={saved ? t('watchlist.remove') : t('watchlist.add')}
        data-testid="watchlist-toggle"
        data-saved={saved}
        className={cn(
          'inline-flex size-10 items-center justify-center rounded-full bg-black/60 text-white shadow backdrop-blur transition hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60 [&_svg]:size-5',
          saved && 'bg-primary hover:bg-primary/90',
          className,
        )}
      >
        {icon}
      </button>
    );
  }
  return (
    <Button
      variant={saved ? 'secondary' : 'outline'}
      size="lg"
      onClick={toggle}
      disabled={!ready}
      aria-busy={pending}
      data-testid="watchlist-toggle"
      data-saved={saved}
      className={className}
    >
      {icon}
      {saved ? t('watchlist.remove') : t('watchlist.add')}
    </Button>
  );
}
