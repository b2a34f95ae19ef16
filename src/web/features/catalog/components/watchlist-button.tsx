import { Bookmark, BookmarkCheck, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { signInPath, useSignedIn } from '../../../lib/sign-in';
import type { WatchlistTarget } from '../api/get-watchlist';
import { useWatchlistToggle } from '../hooks/use-watchlist-toggle';

const COMPACT = 'inline-flex size-10 items-center justify-center rounded-full bg-black/60 text-white shadow backdrop-blur transition hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60 [&_svg]:size-5';

/**
 * Add to / Remove from Watchlist. `compact`: a round icon button laid over a card's poster, named after the title
 * for screen readers; otherwise a full button for the detail pages. For a signed-out visitor (ADR 054) it is a link
 * to /login (reason `watchlist`, back to this page) that says so, and the watch list is not asked for.
 */
export function WatchlistButton({ target, title, compact = false, className }: { target: WatchlistTarget; title: string; compact?: boolean; className?: string }) {
  const signedIn = useSignedIn();
  if (signedIn === false) return <WatchlistSignIn title={title} compact={compact} className={className} />;
  // Signed in, or not known yet (no viewer's query above, as in a page's own tests): the toggle as before.
  return <WatchlistToggle target={target} title={title} compact={compact} className={className} />;
}

/** The signed-out form of WatchlistButton: "Sign in to save", to /login and back. */
function WatchlistSignIn({ title, compact, className }: { title: string; compact: boolean; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const to = signInPath(location.pathname + location.search, 'watchlist');
  if (compact) {
    return (
      <Link to={to} aria-label={t('watchlist.signInToSaveNamed', { title })} title={t('watchlist.signInToSave')} data-testid="watchlist-sign-in" className={cn(COMPACT, className)}>
        <Bookmark aria-hidden="true" />
      </Link>
    );
  }
  return (
    <Button asChild variant="outline" size="lg" className={className}>
      <Link to={to} data-testid="watchlist-sign-in">
        <Bookmark aria-hidden="true" />
        {t('watchlist.signInToSave')}
      </Link>
    </Button>
  );
}

function WatchlistToggle({ target, title, compact, className }: { target: WatchlistTarget; title: string; compact: boolean; className?: string }) {
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
          COMPACT,
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
