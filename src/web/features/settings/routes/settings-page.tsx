import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassSummary } from '../../../../shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useProfile } from '../api/profile';
import { DangerZone } from '../components/danger-zone';
import { ProfileCard } from '../components/profile-card';
import { SecurityCard } from '../components/security-card';
import { SubscriptionCard } from '../components/subscription-card';

/**
 * /settings (docs/product/viewer.md §2): profile, security, subscription and danger zone cards; `playback`, composed by
 * the app from the player feature, goes after the subscription card for a signed-in viewer (the data saver, ADR 028).
 */
export function SettingsPage({ pass = null, playback = null }: { pass?: PassSummary | null; playback?: ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold">{t('settings.title')}</h1>
        <p className="text-muted-foreground">{t('settings.subtitle')}</p>
      </div>
      {profile.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : profile.isError ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p>{isApiError(profile.error, 'unauthenticated') ? t('settings.loginRequired') : errorMessage(t, profile.error)}</p>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <ProfileCard key={profile.data.updatedAt ?? 'new'} profile={profile.data} />
      )}
      <SecurityCard />
      <SubscriptionCard pass={pass} />
      {profile.isSuccess && playback}
      <DangerZone />
    </div>
  );
}

export default SettingsPage;
