import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import { RETRYABLE_CARRY_REASONS, type PayoutView } from '../../../../shared/contracts/payouts';
import type { StatementsReport } from '../../../../shared/contracts/statements';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDecimal, formatMoney, formatMonth } from '../../../lib/format';
import { payoutReasonText, payoutStatusText, payoutStatusVariant } from '../../../lib/payout-texts';
import { statementLinks, useStatementMutations, usePayouts, useStatements } from '../api/statements';
import { useTranslatorMutations } from '../api/translators';
import { AdminTable } from '../components/admin-table';
import { ConfirmDialog } from '../components/confirm-dialog';
import { showPhone } from './translators-tab';

type T = ReturnType<typeof useTranslation>['t'];
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The calendar month (UTC, `YYYY-MM`) before the one `now` is in: the tab opens on it, the last month that can close. */
export function previousMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Whether a payout may be retried (docs/decisions/052-payout-run.md "Failures go to a person"): a failed or refused
 * one, or one carried for its number or configuration (RETRYABLE_CARRY_REASONS), not already retried nor carried into
 * a later month. The server decides; this only hides what it would refuse.
 */
export function canRetryPayout(p: Pick<PayoutView, 'status' | 'reason' | 'supersededBy' | 'carriedInto'>): boolean {
  if (p.supersededBy || p.carriedInto) return false;
  if (p.status === 'failed' || p.status === 'refused') return true;
  return p.status === 'carried' && (RETRYABLE_CARRY_REASONS as readonly string[]).includes(p.reason ?? '');
}

/** Whose record a payout's number is corrected on: a translator's (edited through the translators API) or a party's. */
export function payoutHolder(holderKey: string): { kind: 'translator' | 'party'; id: string } | { kind: 'operator' } {
  const [kind, id] = holderKey.split(':');
  return (kind === 'translator' || kind === 'party') && id ? { kind, id } : { kind: 'operator' };
}

/** Why closing failed, in words: a month not over or already closed (409 `conflict`, `details.reason`), else the error's text. */
export function closeErrorText(t: T, error: unknown, month: string): string {
  const reason = isApiError(error, 'conflict') ? (error.details as { reason?: string } | undefined)?.reason : undefined;
  if (reason === 'month_not_over' || reason === 'already_closed') return t(`statementsTab.closeErrors.${reason}`, { month });
  return errorMessage(t, error);
}

/**
 * Statements (docs/product/admin.md §14, "Payouts"; ADR 051, ADR 052): a month (default the last one), an open
 * month's preview or a closed month's figures per holder and currency, the arithmetic, each holder's printable page and
 * the CSV exports. A super admin closes the month (asked first) and, once closed, runs its payouts and retries a failed
 * one after correcting the number.
 */
export function StatementsTab({ me }: { me: SessionUser }) {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(() => previousMonth(new Date()));
  const valid = MONTH.test(month);
  const report = useStatements(month, valid);
  const { close } = useStatementMutations(month);
  const [confirmClose, setConfirmClose] = useState(false);
  const superAdmin = me.role === 'super_admin';
  const label = valid ? formatMonth(month, i18n.language) : month;

  const onClose = () =>
    close.mutate(undefined, {
      onSuccess: () => toast.success(t('statementsTab.closedDone', { month: label })),
      onError: (error) => toast.error(t('statementsTab.closeFailed'), { description: closeErrorText(t, error, label) }),
      onSettled: () => setConfirmClose(false),
    });

  return (
    <section className="grid gap-4" aria-labelledby="statements-title">
      <h2 id="statements-title" className="text-lg font-semibold">
        {t('statementsTab.title')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="statements-month">{t('statementsTab.month')}</Label>
          <Input id="statements-month" type="month" className="w-48" value={month} onChange={(e) => setMonth(e.target.value)} aria-invalid={!valid || undefined} aria-describedby={valid ? undefined : 'statements-month-error'} />
        </div>
        {valid && (
          <div className="flex flex-wrap gap-2 text-sm">
            <a className="underline" href={statementLinks.holdersCsv(month)} download>
              {t('statementsTab.holdersCsv')}
            </a>
            <a className="underline" href={statementLinks.titlesCsv(month)} download>
              {t('statementsTab.titlesCsv')}
            </a>
          </div>
        )}
      </div>
      {!valid ? (
        <FieldError id="statements-month-error">{t('statementsTab.monthInvalid')}</FieldError>
      ) : report.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : report.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(t, report.error)}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2" data-testid="statements-state">
            {report.data.closed ? (
              <Badge variant="success">{t('statementsTab.closed', { date: formatDate(report.data.closedAt ?? '', i18n.language, { time: true }) })}</Badge>
            ) : (
              <Badge variant="warning">{t('statementsTab.open')}</Badge>
            )}
            {superAdmin && !report.data.closed && (
              <Button size="sm" variant="destructive" disabled={close.isPending} onClick={() => setConfirmClose(true)}>
                {t('statementsTab.close')}
              </Button>
            )}
          </div>
          <MonthFigures report={report.data} />
          {superAdmin && report.data.closed && <PayoutsSection month={month} label={label} />}
        </>
      )}
      <ConfirmDialog
        open={confirmClose}
        title={t('statementsTab.closeTitle', { month: label })}
        description={t('statementsTab.closeText')}
        confirmLabel={t('statementsTab.close')}
        busy={close.isPending}
        onConfirm={onClose}
        onOpenChange={setConfirmClose}
      />
    </section>
  );
}

/** The month's totals per currency and one row per holder and currency: minutes, amount, titles, the arithmetic, the page. */
function MonthFigures({ report }: { report: StatementsReport }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.language);
  const rows = report.holders.flatMap((h) => Object.entries(h.currencies).map(([currency, c]) => ({ h, currency, c })));
  return (
    <>
      <ul className="grid gap-1 text-sm" data-testid="statements-totals">
        {report.totals.map((x) => (
          <li key={x.currency}>
            {t('statementsTab.totals', {
              currency: x.currency,
              revenue: money(x.revenue, x.currency),
              holders: money(x.holders, x.currency),
              platform: money(x.platformShare + x.retainedNoMinutes + x.retainedNoHolders, x.currency),
              fees: money(x.fees, x.currency),
            })}
          </li>
        ))}
      </ul>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('statementsTab.none')}</p>
      ) : (
        <AdminTable columns={[t('statementsTab.holder'), t('statementsTab.currency'), t('statementsTab.minutes'), t('statementsTab.amount'), t('statementsTab.titles')]}>
          {rows.map(({ h, currency, c }) => (
            <tr key={`${h.holderId}|${currency}`} className="border-t align-top" data-testid="statement-row">
              <td className="p-2">
                <div className="font-medium">{h.name}</div>
                <div className="text-xs text-muted-foreground">{t(`statementsTab.kinds.${h.kind}`)}</div>
              </td>
              <td className="p-2">{currency}</td>
              <td className="p-2 text-right tabular-nums">{formatDecimal(c.minutes, i18n.language, 2)}</td>
              <td className="p-2 text-right font-medium whitespace-nowrap" data-testid="statement-amount">
                {money(c.amount, currency)}
              </td>
              <td className="p-2">
                <ul className="grid gap-0.5">
                  {c.titles.map((x) => (
                    <li key={x.titleId}>
                      {t('statementsTab.titleLine', { title: x.title || t('studio.deletedTitle'), amount: money(x.amount, currency), share: formatDecimal(x.shareBps / 100, i18n.language, 2) })}
                    </li>
                  ))}
                </ul>
                <details className="mt-1 text-xs">
                  <summary className="cursor-pointer text-muted-foreground">{t('statementsTab.howComputed')}</summary>
                  <ol className="ml-4 list-decimal" lang="en">
                    {c.explanation.map((line, i) => (
                      <li key={i}>{line}</li>
                    ))}
                  </ol>
                </details>
              </td>
              <td className="p-2 text-right">
                <a className="text-sm underline whitespace-nowrap" href={statementLinks.holderPage(report.month, h.holderId)} target="_blank" rel="noreferrer" aria-label={t('statementsTab.printableFor', { name: h.name })}>
                  {t('statementsTab.printable')}
                </a>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}

/** A closed month's payouts (super admins): run them, the list with status and reason, and retries. */
function PayoutsSection({ month, label }: { month: string; label: string }) {
  const { t, i18n } = useTranslation();
  const payouts = usePayouts(month, true);
  const { run } = useStatementMutations(month);
  const [confirmRun, setConfirmRun] = useState(false);
  const [retrying, setRetrying] = useState<PayoutView | null>(null);
  const money = (p: Pick<PayoutView, 'amount' | 'currency'>) => formatMoney(p.amount, p.currency, i18n.language);

  const onRun = () =>
    run.mutate(undefined, {
      onSuccess: (r) => {
        const n = (s: keyof typeof r.counts) => r.counts[s] ?? 0;
        toast.success(t('statementsTab.runDone', { month: label, successful: n('successful'), waiting: n('created') + n('accepted'), carried: n('carried'), failed: n('failed') + n('refused') }));
      },
      onError: (error) => toast.error(t('statementsTab.runFailed'), { description: errorMessage(t, error) }),
      onSettled: () => setConfirmRun(false),
    });

  return (
    <section className="grid gap-3" aria-labelledby="payouts-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="payouts-title" className="text-base font-semibold">
          {t('statementsTab.payouts')}
        </h3>
        <Button size="sm" disabled={run.isPending} onClick={() => setConfirmRun(true)}>
          {t('statementsTab.run')}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t('statementsTab.payoutsText')}</p>
      {payouts.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : payouts.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(t, payouts.error)}
        </p>
      ) : payouts.data.payouts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('statementsTab.noPayouts')}</p>
      ) : (
        <AdminTable columns={[t('statementsTab.holder'), t('statementsTab.amount'), t('statementsTab.number'), t('statementsTab.status'), t('statementsTab.reason')]}>
          {payouts.data.payouts.map((p) => (
            <tr key={p.id} className="border-t align-top" data-testid="payout-row" data-status={p.status}>
              <td className="p-2 font-medium">{p.holderName}</td>
              <td className="p-2 text-right whitespace-nowrap">
                <div className="font-medium">{money(p)}</div>
                {p.carriedIn > 0 && <div className="text-xs text-muted-foreground">{t('statementsTab.carriedIn', { amount: money({ amount: p.carriedIn, currency: p.currency }) })}</div>}
              </td>
              <td className="p-2 whitespace-nowrap">{p.msisdn ? showPhone(p.msisdn) : <span className="text-muted-foreground">{t('statementsTab.noNumber')}</span>}</td>
              <td className="p-2">
                <div className="flex flex-wrap gap-1">
                  <Badge variant={payoutStatusVariant(p.status)}>{payoutStatusText(t, p.status)}</Badge>
                  {p.supersededBy && <Badge variant="outline">{t('statementsTab.retried')}</Badge>}
                </div>
              </td>
              <td className="p-2" data-testid="payout-reason">
                {payoutReasonText(t, p.reason) ?? '—'}
              </td>
              <td className="p-2 text-right">
                {canRetryPayout(p) && payoutHolder(p.holderKey).kind !== 'operator' && (
                  <Button size="sm" variant="outline" aria-label={t('statementsTab.retryFor', { name: p.holderName })} onClick={() => setRetrying(p)}>
                    {t('statementsTab.retry')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <ConfirmDialog
        open={confirmRun}
        title={t('statementsTab.runTitle', { month: label })}
        description={t('statementsTab.runText')}
        confirmLabel={t('statementsTab.run')}
        busy={run.isPending}
        onConfirm={onRun}
        onOpenChange={setConfirmRun}
      />
      {retrying && <RetryDialog payout={retrying} label={label} onClose={() => setRetrying(null)} />}
    </section>
  );
}

/**
 * Correct a payout's number and pay again (docs/product/admin.md "Payouts", Retry): a translator's number is saved on
 * their record (PATCH /api/admin/translators/:id), then the payout is retried with the holder's number as it now is;
 * a party's number (no edit of parties exists) is sent with the retry itself.
 */
function RetryDialog({ payout, label, onClose }: { payout: PayoutView; label: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { update } = useTranslatorMutations();
  const { retry } = useStatementMutations(payout.month);
  const holder = payoutHolder(payout.holderKey);
  const [phone, setPhone] = useState(payout.msisdn ? `+${payout.msisdn}` : '');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = update.isPending || retry.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!phone.trim()) return setProblem(t('statementsTab.phoneRequired'));
    let step: 'number' | 'retry' = 'number';
    try {
      if (holder.kind === 'translator') await update.mutateAsync({ id: holder.id, body: { phone: phone.trim() } });
      step = 'retry';
      const { payout: next } = await retry.mutateAsync(holder.kind === 'translator' ? { id: payout.id } : { id: payout.id, msisdn: phone.trim() });
      toast.success(t('statementsTab.retryDone', { name: payout.holderName, status: payoutStatusText(t, next.status) }), { description: payoutReasonText(t, next.reason) ?? undefined });
      onClose();
    } catch (error) {
      if (isApiError(error, 'invalid_msisdn')) return setProblem(t('statementsTab.phoneInvalid'));
      if (step === 'retry' && isApiError(error, 'conflict')) return setProblem(t('statementsTab.retryConflict'));
      toast.error(t('statementsTab.retryFailed'), { description: errorMessage(t, error) });
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('statementsTab.retryTitle', { name: payout.holderName })}</DialogTitle>
          <DialogDescription>{t('statementsTab.retryText', { amount: formatMoney(payout.amount, payout.currency, i18n.language), month: label })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="grid gap-3" noValidate>
          <div className="grid gap-1">
            <Label htmlFor="retry-phone">{t('statementsTab.retryPhone')}</Label>
            <Input
              id="retry-phone"
              type="tel"
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'retry-phone-error' : 'retry-phone-hint'}
            />
            {problem ? <FieldError id="retry-phone-error">{problem}</FieldError> : <p id="retry-phone-hint" className="text-xs text-muted-foreground">{t(holder.kind === 'translator' ? 'statementsTab.retryTranslatorHint' : 'statementsTab.retryPartyHint')}</p>}
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('statementsTab.retrySubmit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default StatementsTab;
