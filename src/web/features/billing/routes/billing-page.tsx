import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PassView } from '../../../../shared/contracts/billing';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useBillingHistory } from '../api/get-history';
import { PaymentList } from '../components/payment-list';
import { SentGifts } from '../components/sent-gifts';
import { formatDateTime } from '../components/remaining-time';

function CurrentPass({ pass }: { pass: PassView | null }) {
  const { t, i18n } = useTranslation();
  const active = !!pass?.active;
  return (
    <Card data-testid="current-pass">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t('billing.currentPass')}
          <Badge variant={active ? 'success' : 'secondary'}>{t(active ? 'billing.active' : 'billing.inactive')}</Badge>
        </CardTitle>
        {pass ? (
          <CardDescription>
            {t(`plans.${pass.plan}.name`)} · {t(active ? 'billing.expiresOn' : 'billing.expiredOn', { date: formatDateTime(pass.expiresAt, i18n.language) })}
          </CardDescription>
        ) : (
          <CardDescription>{t('billing.noPass')}</CardDescription>
        )}
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        {active && pass ? (
          <p className="text-lg font-semibold" data-testid="pass-remaining">
            {t(pass.remaining.unit === 'days' ? 'billing.daysRemaining' : 'billing.hoursRemaining', { count: pass.remaining.count })}
          </p>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap items-center gap-3">
          {/* Vouchers sold for cash by agents (docs/decisions/042-vouchers.md). */}
          <Link to="/redeem" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('vouchers.link')}
          </Link>
          <Button asChild variant={active ? 'outline' : 'default'}>
            <Link to="/subscribe">{t(active ? 'billing.extendPass' : 'billing.buyPass')}</Link>
          </Button>
        </div>
        {active && pass && pass.timeline.length > 1 && (
          // Passes bought on top of this one, waiting for it to end (docs/decisions/019).
          <div className="grid w-full gap-1 text-sm" data-testid="queued-passes">
            <p className="font-medium">{t('billing.passEffect.queuedTitle')}</p>
            <ul className="grid gap-1 text-muted-foreground">
              {pass.timeline.slice(1).map((x) => (
                <li key={x.plan}>{t('billing.passEffect.segment', { plan: t(`plans.${x.plan}.name`), start: formatDateTime(x.startsAt, i18n.language), end: formatDateTime(x.endsAt, i18n.language) })}</li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /billing: the viewer's pass, the gifts they sent when there are any (docs/decisions/046-gifts.md), and every
 * payment (docs/decisions/011), in place of the spec's external customer portal (Manage Subscription on /settings
 * opens it).
 */
export function BillingPage() {
  const { t } = useTranslation();
  const history = useBillingHistory();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      <Link to="/settings" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('billing.backToSettings')}
      </Link>
      <h1 className="text-3xl font-bold">{t('billing.billingTitle')}</h1>
      {history.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : history.isError ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p>{errorMessage(t, history.error)}</p>
          <Button variant="outline" onClick={() => void history.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <CurrentPass pass={history.data.pass} />
          <SentGifts />
          <section className="grid gap-3" aria-labelledby="payments-heading">
            <h2 id="payments-heading" className="text-xl font-bold">
              {t('billing.paymentsTitle')}
            </h2>
            <PaymentList payments={history.data.payments} />
          </section>
        </>
      )}
    </div>
  );
}

export default BillingPage;
