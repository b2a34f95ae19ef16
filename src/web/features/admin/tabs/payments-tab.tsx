import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import { type AdminPayment, PAYMENT_METHOD_KINDS, PAYMENT_PROVIDERS } from '../../../../shared/contracts/billing';
import { cardBrandName } from '../../../../shared/domain/cards';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { isMissingRoute } from '../api/keys';
import { useAdminPayments, useRefundPayment } from '../api/payments';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formatDate } from '../../../lib/format';

type T = ReturnType<typeof useTranslation>['t'];

const STATUSES = ['successful', 'pending', 'failed'] as const;
const STATUS_VARIANT = { successful: 'success', failed: 'destructive', pending: 'warning' } as const;
/** Refund errors with a text of their own (the server's codes, docs/decisions/045-card-refunds.md); others say errors.<code>. */
const REFUND_ERRORS = ['payment_failed', 'conflict', 'method_unavailable', 'not_found'] as const;

/**
 * Whether the Refund button shows (docs/decisions/045-card-refunds.md): for a super admin, on a successful card payment
 * not yet refunded. The server decides; this only hides what it would refuse.
 */
export function canRefund(role: string, p: Pick<AdminPayment, 'provider' | 'status' | 'refundedAt'>): boolean {
  return role === 'super_admin' && p.provider === 'card' && p.status === 'successful' && !p.refundedAt;
}

/** Why a refund failed, in the user's language: the refund's own texts for its codes, else the shared error texts. */
export function refundErrorText(t: T, error: unknown): string {
  if (isApiError(error) && (REFUND_ERRORS as readonly string[]).includes(error.code)) return t(`admin.paymentList.refundErrors.${error.code}`);
  return errorMessage(t, error);
}

/** How it was paid: "Visa •••• 4242" for a card the processor named, the masked number for mobile money. */
export function paidWith(t: T, p: Pick<AdminPayment, 'card' | 'msisdnMasked' | 'method'>): string {
  if (p.card) return t('billing.cardMasked', { brand: cardBrandName(p.card.brand) ?? t('billing.cardNoBrand'), last4: p.card.last4 });
  if (p.method === 'card') return t('billing.cardNoBrand');
  return p.msisdnMasked ?? t('billing.numberErased');
}

function itemName(t: T, p: AdminPayment): string {
  if (p.kind === 'pass' && p.plan) return t(`plans.${p.plan}.name`);
  return p.movieTitle ? t('billing.titlePurchase', { title: p.movieTitle }) : t('billing.deletedTitle');
}

/**
 * Payments tab (admins; docs/product/admin.md §11): every payment newest first, 25 a page, filtered by status and
 * method, with amount and currency, method, masked number or card, account, plan or title, status and refund. A super
 * admin refunds a successful card payment after a confirmation (docs/decisions/045-card-refunds.md).
 */
export function PaymentsTab({ me }: { me: SessionUser }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState('');
  const [method, setMethod] = useState('');
  // The `after` of each page seen so far: the last one is the page shown ('' is the first page).
  const [trail, setTrail] = useState<string[]>(['']);
  const after = trail.at(-1) ?? '';
  const payments = useAdminPayments({ status, method, after });
  const refund = useRefundPayment();
  const [confirm, setConfirm] = useState<AdminPayment | null>(null);

  if (payments.isError && isMissingRoute(payments.error)) {
    return (
      <p role="status" className="rounded-xl border p-6 text-center text-sm text-muted-foreground">
        {t('admin.notAvailableYet')}
      </p>
    );
  }
  const money = (p: AdminPayment) => formatMoney(p.amount, p.currency, i18n.language);
  const onRefund = async (p: AdminPayment) => {
    try {
      await refund.mutateAsync(p.id);
      toast.success(t('admin.paymentList.refundDone', { amount: money(p) }));
    } catch (err) {
      toast.error(t('admin.paymentList.refundFailed'), { description: refundErrorText(t, err) });
    }
    setConfirm(null);
  };
  const filter = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setTrail(['']);
  };

  return (
    <section className="grid gap-4" aria-labelledby="payments-title">
      <h2 id="payments-title" className="text-lg font-semibold">
        {t('admin.paymentList.title')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <select aria-label={t('admin.paymentList.statusFilter')} className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={status} onChange={filter(setStatus)}>
          <option value="">{t('admin.paymentList.allStatuses')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`billing.status.${s}`)}
            </option>
          ))}
        </select>
        <select aria-label={t('admin.paymentList.methodFilter')} className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={method} onChange={filter(setMethod)}>
          <option value="">{t('admin.paymentList.allMethods')}</option>
          {PAYMENT_METHOD_KINDS.map((m) => (
            <option key={m} value={m}>
              {t(`admin.paymentList.methods.${m}`)}
            </option>
          ))}
        </select>
      </div>
      {payments.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : payments.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(t, payments.error)}
        </p>
      ) : payments.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.paymentList.none')}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <thead className="bg-muted text-left">
              <tr>
                <th className="p-2">{t('admin.date')}</th>
                <th className="p-2">{t('admin.paymentList.account')}</th>
                <th className="p-2">{t('billing.item')}</th>
                <th className="p-2 text-right">{t('admin.amount')}</th>
                <th className="p-2">{t('admin.paymentList.method')}</th>
                <th className="p-2">{t('admin.paymentList.paidWith')}</th>
                <th className="p-2">{t('admin.paymentList.status')}</th>
                <th className="p-2">
                  <span className="sr-only">{t('admin.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.data.items.map((p) => (
                <tr key={p.id} className="border-t" data-testid="payment-row" data-status={p.status}>
                  <td className="p-2 whitespace-nowrap">
                    <time dateTime={p.createdAt}>{formatDate(p.createdAt, i18n.language, { time: true })}</time>
                  </td>
                  <td className="p-2">{p.account?.email ?? <span className="text-muted-foreground">{t('admin.paymentList.deletedAccount')}</span>}</td>
                  <td className="p-2">{itemName(t, p)}</td>
                  <td className="p-2 text-right whitespace-nowrap font-medium">{money(p)}</td>
                  <td className="p-2">{(PAYMENT_PROVIDERS as readonly string[]).includes(p.provider) ? t(`billing.providers.${p.provider}`) : p.provider}</td>
                  <td className="p-2 font-mono whitespace-nowrap" data-testid="payment-paid-with">
                    {paidWith(t, p)}
                  </td>
                  <td className="p-2">
                    <div className="flex flex-wrap gap-1">
                      <Badge variant={STATUS_VARIANT[p.status]}>{t(`billing.status.${p.status}`)}</Badge>
                      {p.refundedAt && <Badge variant="secondary">{t('billing.refunded')}</Badge>}
                    </div>
                  </td>
                  <td className="p-2 text-right">
                    {canRefund(me.role, p) && (
                      <Button size="sm" variant="outline" disabled={refund.isPending} onClick={() => setConfirm(p)}>
                        {t('admin.paymentList.refund')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(trail.length > 1 || payments.data?.nextAfter) && (
        <div className="flex items-center gap-2 text-sm">
          <Button size="sm" variant="outline" disabled={trail.length <= 1} onClick={() => setTrail((s) => s.slice(0, -1))}>
            {t('admin.paymentList.newer')}
          </Button>
          <Button size="sm" variant="outline" disabled={!payments.data?.nextAfter} onClick={() => payments.data?.nextAfter && setTrail((s) => [...s, payments.data.nextAfter!])}>
            {t('admin.paymentList.older')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('admin.paymentList.refundTitle')}
        description={confirm ? t('admin.paymentList.refundConfirm', { amount: money(confirm), email: confirm.account?.email ?? t('admin.paymentList.deletedAccount'), card: paidWith(t, confirm) }) : ''}
        confirmLabel={t('admin.paymentList.refund')}
        busy={refund.isPending}
        onConfirm={() => confirm && void onRefund(confirm)}
        onOpenChange={(open) => !open && setConfirm(null)}
      />
    </section>
  );
}

export default PaymentsTab;
