import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createVoucherBatchBody, VOUCHER_MAX_BATCH, type VoucherBatchView } from '../../../../shared/contracts/vouchers';
import { PLAN_IDS, type PlanId } from '../../../../shared/domain/plans';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useCreateVoucherBatch, useVoidVoucherBatch, useVoucherBatches, voucherCsvUrl } from '../api/vouchers';
import { ConfirmDialog } from '../components/confirm-dialog';

/** The batch the form asks for, or the first field found wrong (the shared contract, as the server checks it). */
export function batchFormProblem(form: { plan: string; count: string; name: string; expiresOn: string }) {
  const r = createVoucherBatchBody.safeParse({ plan: form.plan, count: Number(form.count), name: form.name.trim() || undefined, expiresOn: form.expiresOn || undefined });
  return r.success ? { body: r.data, field: null } : { body: null, field: String(r.error.issues[0]?.path[0] ?? 'count') };
}

const STATE_BADGE = { active: 'success', expired: 'secondary', voided: 'destructive' } as const;

/**
 * Vouchers tab (super admin; docs/product/admin.md §10, ADR 042): make a batch of codes of a plan, see every batch
 * with its counts, download a batch's CSV, void a batch after a confirmation.
 */
export function VouchersTab() {
  const { t } = useTranslation();
  const batches = useVoucherBatches();
  const create = useCreateVoucherBatch();
  const voidBatch = useVoidVoucherBatch();
  const [form, setForm] = useState({ plan: PLAN_IDS[0] as string, count: '100', name: '', expiresOn: '' });
  const [badField, setBadField] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<VoucherBatchView | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const { body, field } = batchFormProblem(form);
    setBadField(field);
    if (!body) return;
    try {
      const made = await create.mutateAsync(body);
      toast.success(t('vouchers.admin.created', { name: made.batch.name, count: made.codes.length }));
      setForm((f) => ({ ...f, name: '' }));
    } catch (err) {
      toast.error(errorMessage(t, err));
    }
  };
  const onVoid = async (b: VoucherBatchView) => {
    try {
      await voidBatch.mutateAsync(b.id);
      toast.success(t('vouchers.admin.voided', { name: b.name }));
    } catch (err) {
      toast.error(errorMessage(t, err));
    }
    setConfirm(null);
  };
  const field = (name: keyof typeof form) => ({
    id: `voucher-${name}`,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
    'aria-invalid': badField === name ? true : undefined,
  });

  return (
    <section className="grid gap-4" aria-labelledby="vouchers-title">
      <h2 id="vouchers-title" className="text-lg font-semibold">{t('vouchers.admin.title')}</h2>
      <p className="text-sm text-muted-foreground">{t('vouchers.admin.intro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3 rounded-lg border p-4 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor="voucher-plan">{t('vouchers.admin.plan')}</Label>
          <select {...field('plan')} className="h-9 rounded-md border bg-background px-2 text-sm">
            {PLAN_IDS.map((id: PlanId) => (
              <option key={id} value={id}>{t(`plans.${id}.name`)}</option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="voucher-count">{t('vouchers.admin.count')}</Label>
          <Input {...field('count')} type="number" min={1} max={VOUCHER_MAX_BATCH} inputMode="numeric" />
          {badField === 'count' && <FieldError id="voucher-count-error">{`1 – ${VOUCHER_MAX_BATCH}`}</FieldError>}
        </div>
        <div className="grid gap-1">
          <Label htmlFor="voucher-name">{t('vouchers.admin.name')}</Label>
          <Input {...field('name')} maxLength={60} />
          {badField === 'name' && <FieldError id="voucher-name-error">{t('errors.validation_failed')}</FieldError>}
        </div>
        <div className="grid gap-1">
          <Label htmlFor="voucher-expiresOn">{t('vouchers.admin.expiresOn')}</Label>
          <Input {...field('expiresOn')} type="date" />
          {badField === 'expiresOn' && <FieldError id="voucher-expiresOn-error">{t('errors.validation_failed')}</FieldError>}
        </div>
        <Button type="submit" disabled={create.isPending} className="sm:col-span-2 sm:w-fit">
          {create.isPending ? t('vouchers.admin.creating') : t('vouchers.admin.create')}
        </Button>
      </form>
      {batches.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : batches.isError ? (
        <p role="alert" className="text-sm text-destructive">{t('vouchers.admin.loadFailed')} {errorMessage(t, batches.error)}</p>
      ) : batches.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('vouchers.admin.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="voucher-batches">
            <thead>
              <tr className="text-left text-muted-foreground">
                {(['name', 'plan', 'created', 'expires', 'state', 'codes', 'redeemed', 'voided'] as const).map((c) => (
                  <th key={c} className="px-2 py-1 font-medium">{t(`vouchers.admin.columns.${c}`)}</th>
                ))}
                <th />
              </tr>
            </thead>
            <tbody>
              {batches.data.map((b) => (
                <tr key={b.id} className="border-t">
                  <td className="px-2 py-1 font-medium">{b.name}</td>
                  <td className="px-2 py-1">{t(`plans.${b.plan}.name`)}</td>
                  <td className="px-2 py-1">{b.createdAt.slice(0, 10)}</td>
                  <td className="px-2 py-1">{b.expiresAt.slice(0, 10)}</td>
                  <td className="px-2 py-1"><Badge variant={STATE_BADGE[b.state]}>{t(`vouchers.admin.states.${b.state}`)}</Badge></td>
                  <td className="px-2 py-1 tabular-nums">{b.counts.created}</td>
                  <td className="px-2 py-1 tabular-nums">{b.counts.redeemed}</td>
                  <td className="px-2 py-1 tabular-nums">{b.counts.voided}</td>
                  <td className="flex gap-2 px-2 py-1">
                    <Button size="sm" variant="outline" asChild>
                      <a href={voucherCsvUrl(b.id)} download>{t('vouchers.admin.download')}</a>
                    </Button>
                    {b.state !== 'voided' && (
                      <Button size="sm" variant="destructive" onClick={() => setConfirm(b)}>{t('vouchers.admin.void')}</Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('vouchers.admin.void')}
        description={confirm ? t('vouchers.admin.voidConfirm', { name: confirm.name, count: confirm.counts.created - confirm.counts.redeemed }) : ''}
        confirmLabel={t('vouchers.admin.void')}
        busy={voidBatch.isPending}
        onConfirm={() => confirm && void onVoid(confirm)}
        onOpenChange={(open) => !open && setConfirm(null)}
      />
    </section>
  );
}

export default VouchersTab;
