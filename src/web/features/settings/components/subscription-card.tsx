import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PassSummary } from '../../../../shared/contracts/accounts';
import { isPassActive, remainingTime } from '../../../../shared/domain/plans';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';

type T = ReturnType<typeof useTranslation>['t'];

/**
 * The expiry text of a pass (docs/product/viewer.md §2 and §4): "Expires on <date> · N day(s) remaining" (or hours
 * under a day) while active, "Expired on <date>" after, "No active pass" without one.
 */
export function expiryText(t: T, language: string, pass: PassSummary | null, now = new Date()): string {
  if (!pass) return t('settings.noPass');
  const date = formatDate(pass.expiresAt, language, { time: true });
  if (!isPassActive(pass, now)) return t('settings.expiredOn', { date });
  const left = remainingTime(pass.expiresAt, now);
  return `${t('settings.expiresOn', { date })} · ${t(left.unit === 'days' ? 'settings.daysRemaining' : 'settings.hoursRemaining', { count: left.count })}`;
}

/**
 * Subscription card (docs/product/viewer.md §2): Active or Inactive, the plan, the expiry text, and Manage Subscription
 * (to /billing, which replaces the spec's external portal) only while active; otherwise a way to the plans.
 */
export function SubscriptionCard({ pass }: { pass: PassSummary | null }) {
  const { t, i18n } = useTranslation();
  const active = isPassActive(pass);
  return (
    <Card data-testid="subscription-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t('settings.subscriptionTitle')}
          <Badge variant={active ? 'success' : 'secondary'} data-testid="subscription-status">
            {t(active ? 'settings.active' : 'settings.inactive')}
          </Badge>
        </CardTitle>
        <CardDescription>{t('settings.subscriptionText')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('settings.plan')}</dt>
          <dd className="font-medium">{pass ? t(`plans.${pass.plan}.name`) : t('settings.noPlan')}</dd>
          <dt className="text-muted-foreground">{t('settings.expiry')}</dt>
          <dd data-testid="subscription-expiry">{expiryText(t, i18n.language, pass)}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          {active ? (
            <Button asChild>
              <Link to="/billing">{t('settings.manageSubscription')}</Link>
            </Button>
          ) : (
            <>
              <Button asChild>
                <Link to="/subscribe">{t('settings.viewPlans')}</Link>
              </Button>
              <Button asChild variant="ghost">
                <Link to="/billing">{t('settings.paymentHistory')}</Link>
              </Button>
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
