import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PlaybackMessage } from './playback-message';

/** Shown instead of the video when the viewer has no active pass (docs/product/viewer.md §8). */
export function SubscriptionRequired({ reason }: { reason: 'expired' | 'none' }) {
  const { t } = useTranslation();
  return (
    <PlaybackMessage
      title={t('player.subscriptionRequired')}
      actions={
        <>
          <Button asChild>
            <Link to="/subscribe">{t('player.viewPlans')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/movies">{t('player.browseMovies')}</Link>
          </Button>
        </>
      }
    >
      <Lock className="mx-auto mb-2 size-6" aria-hidden="true" />
      {reason === 'expired' ? t('player.subscriptionExpired') : t('player.subscriptionNone')}
    </PlaybackMessage>
  );
}
