import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useAddToWatchlist } from '../api/add-to-watchlist';
import { useWatchlist, watchlistKey, type WatchlistTarget } from '../api/get-watchlist';
import { useRemoveFromWatchlist } from '../api/remove-from-watchlist';

/**
 * Adds or removes one title from the watch list, with the spec's toasts (docs/product/viewer.md §5 and §8):
 * "Added to watchlist", "Removed from watchlist", a duplicate "Already in watchlist", signed out "Please log in",
 * and "Error adding watchlist" / "Error removing watchlist". The server decides; the client only reports.
 */
export function useWatchlistToggle(target: WatchlistTarget, title: string, enabled = true) {
  const { t } = useTranslation();
  const list = useWatchlist(enabled);
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const key = watchlistKey(target);
  const saved = !!list.data?.items.some((e) => watchlistKey(e.item) === key);
  const pending = add.isPending || remove.isPending;

  const loginToast = () => toast.error(t('watchlist.loginRequired'), { description: t('watchlist.loginRequiredText') });

  // mutateAsync, not mutate: the toast must still show when the card goes away with the entry (watch-list page).
  const doAdd = async () => {
    try {
      await add.mutateAsync(target);
      toast.success(t('watchlist.added'), { description: t('watchlist.addedText', { title }) });
    } catch (error) {
      if (isApiError(error, 'conflict')) toast.info(t('watchlist.duplicate'), { description: t(target.kind === 'series' ? 'watchlist.duplicateSeriesText' : 'watchlist.duplicateText') });
      else if (isApiError(error, 'unauthenticated')) loginToast();
      else toast.error(t('watchlist.addFailed'), { description: errorMessage(t, error) });
    }
  };
  const doRemove = async () => {
    try {
      await remove.mutateAsync(target);
      toast.success(t('watchlist.removed'), { description: t('watchlist.removedText', { title }) });
    } catch (error) {
      if (isApiError(error, 'not_found')) toast.success(t('watchlist.removed'), { description: t('watchlist.removedText', { title }) });
      else if (isApiError(error, 'unauthenticated')) loginToast();
      else toast.error(t('watchlist.removeFailed'), { description: errorMessage(t, error) });
    }
  };

  const toggle = () => {
    if (pending) return;
    void (saved ? doRemove() : doAdd());
  };
  return { saved, pending, toggle, ready: !enabled || !list.isPending };
}
