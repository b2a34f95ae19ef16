import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaidCardView, PaymentDetail } from '../../../../shared/contracts/billing';
import { cardBrandName } from '../../../../shared/domain/cards';
import { Badge } from '../../../components/ui/badge';
import { formatMoney } from '../../../lib/format';
import { providerKey } from './operator-texts';
import { formatDateTime } from './remaining-time';

type T = ReturnType<typeof useTranslation>['t'];

/** What a payment bought: the plan's name, or the title's ("A deleted title" once the movie is gone). */
export function purchaseName(t: T, p: { kind: 'pass' | 'title'; plan: string | null; movieTitle: string | null }): string {
  if (p.kind === 'pass' && p.plan) return t(`plans.${p.plan}.name`);
  return p.movieTitle ? t('billing.titlePurchase', { title: p.movieTitle }) : t('billing.deletedTitle');
}

/** Why a payment failed, in words (docs/product/viewer.md §8 reasons; null when it did not fail). */
export function reasonText(t: T, p: { status: string; reason: string | null }): string | null {
  if (p.status !== 'failed') return null;
  return t(`billing.reasonText.${p.reason ?? 'INTERNAL_PROCESSING_ERROR'}`, { defaultValue: t('billing.reasonText.INTERNAL_PROCESSING_ERROR') });
}

/** The card paid with, as "Visa •••• 4242" (docs/decisions/044-card-payments.md); "Card •••• 4242" when no brand was read back. */
export function cardText(t: T, card: PaidCardView): string {
  return t('billing.cardMasked', { brand: cardBrandName(card.brand) ?? t('billing.cardNoBrand'), last4: card.last4 });
}

const STATUS_VARIANT = { successful: 'success', failed: 'destructive', pending: 'warning' } as const;

/**
 * Every payment of the viewer (ADR 011): date, plan or title, amount in its own currency (grouped for the language; docs/decisions/043),
 * masked number (or the card's brand and last four digits), provider, status with its reason, and a receipt link for a successful one.
 */
export function PaymentList({ payments }: { payments: PaymentDetail[] }) {
  const { t, i18n } = useTranslation();
  if (!payments.length) return <p className="text-sm text-muted-foreground">{t('billing.noPayments')}</p>;
  return (
    <ul className="grid gap-3" aria-label={t('billing.paymentsTitle')}>
      {payments.map((p) => (
        <li key={p.id} className="grid gap-2 rounded-lg border p-4 sm:grid-cols-[1fr_auto] sm:items-start" data-testid="payment-row" data-status={p.status}>
          <div className="grid gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{purchaseName(t, p)}</span>
              <Badge variant={STATUS_VARIANT[p.status]}>{t(`billing.status.${p.status}`)}</Badge>
              {p.refundedAt && <Badge variant="secondary">{t('billing.refunded')}</Badge>}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-muted-foreground">
              <dt>{t('billing.date')}</dt>
              <dd>
                <time dateTime={p.createdAt}>{formatDateTime(p.createdAt, i18n.language)}</time>
              </dd>
              {p.provider !== 'card' && (
                <>
                  <dt>{t('billing.number')}</dt>
                  <dd className="font-mono">{p.msisdnMasked ?? t('billing.numberErased')}</dd>
                </>
              )}
              {p.card && (
                <>
                  <dt>{t('billing.card')}</dt>
                  <dd data-testid="payment-card">{cardText(t, p.card)}</dd>
                </>
              )}
              <dt>{t('billing.provider')}</dt>
              <dd>{t(providerKey(p.provider))}</dd>
              {p.status === 'failed' && (
                <>
                  <dt>{t('billing.reason')}</dt>
                  <dd>{reasonText(t, p)}</dd>
                </>
              )}
            </dl>
          </div>
          <div className="flex items-center justify-between gap-3 sm:grid sm:justify-items-end">
            <span className="text-lg font-semibold">{formatMoney(p.amount, p.currency, i18n.language)}</span>
            {p.status === 'successful' && (
              <Link to={`/billing/receipts/${p.id}`} className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
                <Receipt className="size-4" aria-hidden="true" />
                {t('billing.viewReceipt')}
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
