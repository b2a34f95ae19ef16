import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminTranslator } from '../../../../shared/contracts/translators';
import { TRANSLATOR_BIO_MAX, TRANSLATOR_NAME_MAX, TRANSLATOR_PHOTO_URL_MAX } from '../../../../shared/contracts/translators';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { AdminTable } from '../components/admin-table';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useAdminTranslators, useTranslatorMutations, type TranslatorFormBody } from '../api/translators';

type FieldName = 'name' | 'email' | 'phone';

/**
 * Which form field a refusal of the translators API is about, and the key of its text (docs/product/admin.md §12):
 * a taken name or email (409 `conflict`), a bad email (400 `validation_failed`), a bad phone (400 `invalid_msisdn`).
 * Null for any other refusal (shown as a toast).
 */
export function translatorFieldError(error: unknown): { field: FieldName; key: string } | null {
  if (!isApiError(error)) return null;
  const fields = ((error.details as { fields?: { field?: string }[] } | undefined)?.fields ?? []).map((f) => f.field);
  if (error.code === 'invalid_msisdn') return { field: 'phone', key: 'admin.translatorsTab.phoneInvalid' };
  if (error.code === 'conflict') return fields.includes('body.email') ? { field: 'email', key: 'admin.translatorsTab.emailTaken' } : { field: 'name', key: 'admin.translatorsTab.nameTaken' };
  if (error.code === 'validation_failed' && fields.includes('body.email')) return { field: 'email', key: 'admin.translatorsTab.emailInvalid' };
  if (error.code === 'validation_failed' && fields.includes('body.name')) return { field: 'name', key: 'admin.translatorsTab.nameRequired' };
  return null;
}

/** `250788123456` → `+250 788 123 456` (the stored E.164 digits, grouped for reading). */
export function showPhone(msisdn: string): string {
  return `+${msisdn.slice(0, 3)} ${msisdn.slice(3, 6)} ${msisdn.slice(6, 9)} ${msisdn.slice(9)}`;
}

/** Translators (docs/product/admin.md §12; ADR 047): list, add, edit, merge into another, remove (each asked first). */
export function TranslatorsTab() {
  const { t } = useTranslation();
  const list = useAdminTranslators();
  const { remove } = useTranslatorMutations();
  const [editing, setEditing] = useState<AdminTranslator | 'new' | null>(null);
  const [merging, setMerging] = useState<AdminTranslator | null>(null);
  const [removing, setRemoving] = useState<AdminTranslator | null>(null);

  const onRemove = (tr: AdminTranslator) =>
    remove.mutate(tr.id, {
      onSuccess: () => {
        toast.success(t('admin.translatorsTab.removed', { name: tr.name }));
        setRemoving(null);
      },
      onError: (error) => toast.error(t('admin.translatorsTab.removeFailed'), { description: errorMessage(t, error) }),
    });

  return (
    <section className="grid gap-4" aria-labelledby="translators-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="translators-title" className="text-lg font-semibold">
          {t('admin.translatorsTab.title')}
        </h2>
        <Button onClick={() => setEditing('new')}>{t('admin.translatorsTab.add')}</Button>
      </div>
      {list.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-destructive">{errorMessage(t, list.error)}</p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.translatorsTab.none')}</p>
      ) : (
        <AdminTable columns={[t('admin.name'), t('admin.email'), t('admin.translatorsTab.phone'), t('admin.translatorsTab.account'), t('admin.translatorsTab.titles')]}>
          {list.data.map((tr) => (
            <tr key={tr.id} className="border-t" data-testid="translator-row">
              <td className="p-2">
                <div className="font-medium">{tr.name}</div>
                <div className="text-xs text-muted-foreground">{tr.slug}</div>
              </td>
              <td className="p-2">{tr.email ?? '—'}</td>
              <td className="p-2 whitespace-nowrap">{tr.phone ? showPhone(tr.phone) : '—'}</td>
              <td className="p-2">{tr.userId ? <Badge>{t('admin.translatorsTab.linked')}</Badge> : <span className="text-muted-foreground">—</span>}</td>
              <td className="p-2">{tr.titles}</td>
              <td className="p-2">
                <div className="flex flex-wrap justify-end gap-1">
                  <Button size="sm" variant="outline" aria-label={t('admin.editTitle', { title: tr.name })} onClick={() => setEditing(tr)}>
                    {t('admin.edit')}
                  </Button>
                  <Button size="sm" variant="outline" disabled={list.data.length < 2} aria-label={t('admin.translatorsTab.mergeTitle', { name: tr.name })} onClick={() => setMerging(tr)}>
                    {t('admin.translatorsTab.merge')}
                  </Button>
                  <Button size="sm" variant="outline" aria-label={t('admin.translatorsTab.removeTitle', { name: tr.name })} onClick={() => setRemoving(tr)}>
                    {t('admin.translatorsTab.remove')}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {editing && <TranslatorDialog translator={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {merging && list.data && <MergeDialog from={merging} others={list.data.filter((x) => x.id !== merging.id)} onClose={() => setMerging(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={t('admin.translatorsTab.removeTitle', { name: removing?.name ?? '' })}
        description={t('admin.translatorsTab.removeText')}
        confirmLabel={t('admin.translatorsTab.remove')}
        busy={remove.isPending}
        onConfirm={() => removing && onRemove(removing)}
        onOpenChange={(o) => !o && setRemoving(null)}
      />
    </section>
  );
}

/** Add (translator null) or edit a translator: name, bio, photo URL, email, phone. */
function TranslatorDialog({ translator, onClose }: { translator: AdminTranslator | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { create, update } = useTranslatorMutations();
  const [v, setV] = useState<TranslatorFormBody>({
    name: translator?.name ?? '',
    bio: translator?.bio ?? '',
    photoUrl: translator?.photoUrl ?? '',
    email: translator?.email ?? '',
    phone: translator?.phone ? `+${translator.phone}` : '',
  });
  const [problem, setProblem] = useState<{ field: FieldName; key: string } | null>(null);
  const set = (k: keyof TranslatorFormBody, value: string) => {
    setV((o) => ({ ...o, [k]: value }));
    if (problem?.field === k) setProblem(null);
  };
  const busy = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!v.name.trim()) return setProblem({ field: 'name', key: 'admin.translatorsTab.nameRequired' });
    const handlers = {
      onSuccess: (r: { translator: AdminTranslator; account: { status: 'none' | 'linked' | 'created' } }) => {
        const note = r.account.status === 'none' ? undefined : t(`admin.translatorsTab.account_${r.account.status}`, { email: r.translator.email ?? '' });
        toast.success(t(translator ? 'admin.translatorsTab.saved' : 'admin.translatorsTab.created', { name: r.translator.name }), { description: note });
        onClose();
      },
      onError: (error: unknown) => {
        const p = translatorFieldError(error);
        if (p) setProblem(p);
        else toast.error(t('admin.translatorsTab.saveFailed'), { description: errorMessage(t, error) });
      },
    };
    if (translator) update.mutate({ id: translator.id, body: v }, handlers);
    else create.mutate(v, handlers);
  };

  const field = (k: keyof TranslatorFormBody, label: string, input: ReactNode) => (
    <div className="grid gap-1">
      <Label htmlFor={`translator-${k}`}>{label}</Label>
      {input}
      {problem?.field === k && <FieldError id={`translator-${k}-error`}>{t(problem.key)}</FieldError>}
    </div>
  );
  const aria = (k: FieldName) => (problem?.field === k ? { 'aria-invalid': true, 'aria-describedby': `translator-${k}-error` } : {});

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{translator ? t('admin.editTitle', { title: translator.name }) : t('admin.translatorsTab.add')}</DialogTitle>
          <DialogDescription>{t('admin.translatorsTab.formText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          {field('name', t('admin.name'), <Input id="translator-name" maxLength={TRANSLATOR_NAME_MAX} value={v.name} onChange={(e) => set('name', e.target.value)} {...aria('name')} />)}
          {field('bio', t('admin.translatorsTab.bio'), <Textarea id="translator-bio" rows={3} maxLength={TRANSLATOR_BIO_MAX} value={v.bio} onChange={(e) => set('bio', e.target.value)} />)}
          {field('photoUrl', t('admin.translatorsTab.photoUrl'), <Input id="translator-photoUrl" type="url" maxLength={TRANSLATOR_PHOTO_URL_MAX} value={v.photoUrl} onChange={(e) => set('photoUrl', e.target.value)} />)}
          {field('email', t('admin.email'), <Input id="translator-email" type="email" autoComplete="off" value={v.email} onChange={(e) => set('email', e.target.value)} {...aria('email')} />)}
          {field('phone', t('admin.translatorsTab.phone'), <Input id="translator-phone" type="tel" value={v.phone} onChange={(e) => set('phone', e.target.value)} {...aria('phone')} />)}
          <p className="text-xs text-muted-foreground">{t('admin.translatorsTab.emailHint')}</p>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('admin.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Merge `from` into another translator: its titles move there and `from` is deleted (asked first). */
function MergeDialog({ from, others, onClose }: { from: AdminTranslator; others: AdminTranslator[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { merge } = useTranslatorMutations();
  const [intoId, setIntoId] = useState(others[0]?.id ?? '');
  const into = others.find((x) => x.id === intoId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!into) return;
    merge.mutate(
      { id: from.id, intoId },
      {
        onSuccess: (r) => {
          toast.success(t('admin.translatorsTab.merged', { from: from.name, into: r.translator.name }), { description: t('admin.translatorsTab.mergedText', { movies: r.moved.movies, series: r.moved.series }) });
          onClose();
        },
        onError: (error) => toast.error(t('admin.translatorsTab.mergeFailed'), { description: errorMessage(t, error) }),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('common.close')} role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('admin.translatorsTab.mergeTitle', { name: from.name })}</DialogTitle>
          <DialogDescription>{t('admin.translatorsTab.mergeText', { name: from.name })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor="merge-into">{t('admin.translatorsTab.mergeInto')}</Label>
            <select id="merge-into" className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={intoId} onChange={(e) => setIntoId(e.target.value)}>
              {others.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={merge.isPending || !into}>
              {t('admin.translatorsTab.merge')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default TranslatorsTab;
