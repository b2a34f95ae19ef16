import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MAX_RIGHTS_DOCUMENT_BYTES, type TitleRights } from '../../../../shared/contracts/rights';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/error-message';
import { useRightsMutations, useTitleRights } from '../api/rights';
import { useAdminTranslators } from '../api/translators';
import { bpToPercent, checkRights, draftOf, totalBp, type HolderRow, type RightsDraft, type RightsErrors, type RightsPart } from './rights-logic';

const select = 'h-10 rounded-md border border-input bg-background px-3 text-sm aria-invalid:border-destructive';

/**
 * A title's rights in its edit dialog (docs/product/admin.md §13; docs/decisions/050-rights-and-licences.md): holders
 * with their shares in percent (adding up to 100), the licence's start and end (the admin's local time), the countries
 * (every country, or a list of ISO codes), the licence document (PDF or image, opened through the admin route), and
 * whether the licence is in force now, or why not. `titleId`: the movie's or series' id.
 */
export function RightsSection({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  const rights = useTitleRights(titleId);
  return (
    <section aria-labelledby={`rights-${titleId}`} className="grid gap-3 border-t pt-4" data-testid="rights-section">
      <h3 id={`rights-${titleId}`} className="font-semibold">
        {t('admin.rights.heading')}
      </h3>
      {rights.error ? <p className="text-sm text-destructive">{errorMessage(t, rights.error)}</p> : rights.data ? <RightsForm key={rights.data.updatedAt} rights={rights.data} /> : <p className="text-sm text-muted-foreground">…</p>}
    </section>
  );
}

function RightsForm({ rights }: { rights: TitleRights }) {
  const { t } = useTranslation();
  const { replace, upload } = useRightsMutations(rights.titleId);
  const [draft, setDraft] = useState<RightsDraft>(() => draftOf(rights));
  const [errors, setErrors] = useState<RightsErrors>({});

  async function save(e: FormEvent) {
    e.preventDefault();
    const checked = checkRights(draft);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    try {
      await replace.mutateAsync(checked.record);
      toast.success(t('admin.rights.saved'));
    } catch (error) {
      toast.error(t('admin.rights.saveFailed'), { description: errorMessage(t, error) });
    }
  }

  async function sendDocument(file: File | undefined) {
    if (!file) return;
    if (file.size >= MAX_RIGHTS_DOCUMENT_BYTES) return void toast.error(t('admin.rights.documentFailed'), { description: t('errors.document_rejected') });
    try {
      await upload.mutateAsync(file);
      toast.success(t('admin.rights.documentSaved'));
    } catch (error) {
      toast.error(t('admin.rights.documentFailed'), { description: errorMessage(t, error) });
    }
  }

  const state = rights.licence.state;
  return (
    <form onSubmit={save} className="grid gap-3" noValidate>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={state === 'in_force' ? 'success' : 'destructive'} data-testid="licence-state">
          {t(`admin.rights.state.${state}`)}
        </Badge>
        {rights.needsReview && <Badge variant="warning">{t('admin.rights.needsReview')}</Badge>}
        {rights.licence.titleId !== rights.titleId && <span className="text-muted-foreground">{t('admin.rights.followsFilm')}</span>}
      </p>
      <RightsFields
        idPrefix={`licence-${rights.titleId}`}
        draft={draft}
        errors={errors}
        onChange={(patch, part) => {
          setDraft((d) => ({ ...d, ...patch }));
          setErrors((old) => ({ ...old, [part]: undefined }));
        }}
      />
      <div className="grid gap-1">
        <Label htmlFor={`licence-doc-${rights.titleId}`}>{t('admin.rights.document')}</Label>
        {rights.document && (
          <a className="text-sm font-medium text-primary hover:underline" href={rights.document.url} target="_blank" rel="noreferrer">
            {rights.document.name}
          </a>
        )}
        <Input id={`licence-doc-${rights.titleId}`} type="file" accept="application/pdf,image/jpeg,image/png,image/webp" disabled={upload.isPending} onChange={(e) => void sendDocument(e.target.files?.[0])} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={replace.isPending}>
          {t('admin.rights.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The Rights fields themselves, without a form of their own (docs/product/admin.md §13): the holders with their
 * shares in percent and the running total, the licence's start and end (the admin's local time) and the countries.
 * Used by the edit dialogs' Rights section and, inside their own forms, by the new-movie and new-series forms
 * (ADR 056). Controlled: `onChange` gets the changed fields and which part of the record they belong to; `errors`
 * (i18n keys under admin.rights) show beside their part, which is then marked `aria-invalid` and points at the text.
 * Ids start with `idPrefix`.
 */
export function RightsFields({ idPrefix, draft, errors = {}, onChange }: { idPrefix: string; draft: RightsDraft; errors?: RightsErrors; onChange: (patch: Partial<RightsDraft>, part: RightsPart) => void }) {
  const { t } = useTranslation();
  const translators = useAdminTranslators();
  const { rows } = draft;
  const setRows = (next: HolderRow[]) => onChange({ rows: next }, 'holders');
  const setRow = (i: number, patch: Partial<HolderRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const total = totalBp(rows);
  // A key of admin.rights, or a message the server sent as it is.
  const err = (part: RightsPart) => (errors[part] ? t(`admin.rights.${errors[part]}`, { defaultValue: errors[part] }) : undefined);
  const invalid = (part: RightsPart) => (errors[part] ? { 'aria-invalid': true, 'aria-describedby': `${idPrefix}-${part}-error` } : {});

  return (
    <>
      <fieldset className="grid gap-2" {...(errors.holders ? { 'aria-describedby': `${idPrefix}-holders-error` } : {})}>
        <legend className="text-sm font-medium">{t('admin.rights.holders')}</legend>
        {rows.map((r, i) => (
          <div key={i} className="flex flex-wrap items-center gap-2">
            <select aria-label={t('admin.rights.holderKind')} className={select} value={r.kind} onChange={(e) => setRow(i, { kind: e.target.value as HolderRow['kind'], partyId: '', translatorId: '', name: '' })}>
              <option value="operator">{t('admin.rights.kind.operator')}</option>
              <option value="translator">{t('admin.rights.kind.translator')}</option>
              <option value="party">{t('admin.rights.kind.party')}</option>
            </select>
            {r.kind === 'translator' && (
              <select aria-label={t('admin.rights.whoHolds')} className={select} value={r.translatorId} onChange={(e) => setRow(i, { translatorId: e.target.value })} {...invalid('holders')}>
                <option value="">{t('admin.rights.pickTranslator')}</option>
                {(translators.data ?? []).map((tr) => (
                  <option key={tr.id} value={tr.id}>
                    {tr.name}
                  </option>
                ))}
              </select>
            )}
            {r.kind === 'party' && <Input aria-label={t('admin.rights.partyName')} placeholder={t('admin.rights.partyName')} className="w-48" value={r.name} disabled={!!r.partyId} onChange={(e) => setRow(i, { name: e.target.value })} {...invalid('holders')} />}
            <Input aria-label={t('admin.rights.share')} className="w-24" inputMode="decimal" value={r.percent} onChange={(e) => setRow(i, { percent: e.target.value })} {...invalid('holders')} />
            <span className="text-sm">%</span>
            <Button type="button" variant="ghost" size="sm" aria-label={t('admin.rights.removeHolder')} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div className="flex items-center justify-between gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setRows([...rows, { kind: 'party', translatorId: '', partyId: '', name: '', percent: '' }])}>
            <Plus aria-hidden="true" /> {t('admin.rights.addHolder')}
          </Button>
          <span className={total === 10_000 ? 'text-sm text-muted-foreground' : 'text-sm text-destructive'} data-testid="rights-total">
            {t('admin.rights.total', { percent: bpToPercent(total) })}
          </span>
        </div>
        <FieldError id={`${idPrefix}-holders-error`}>{err('holders')}</FieldError>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid content-start gap-1">
          <Label htmlFor={`${idPrefix}-start`}>{t('admin.rights.start')}</Label>
          <Input id={`${idPrefix}-start`} type="datetime-local" value={draft.start} onChange={(e) => onChange({ start: e.target.value }, 'licenceStart')} {...invalid('licenceStart')} />
          <FieldError id={`${idPrefix}-licenceStart-error`}>{err('licenceStart')}</FieldError>
        </div>
        <div className="grid content-start gap-1">
          <Label htmlFor={`${idPrefix}-end`}>{t('admin.rights.end')}</Label>
          <Input id={`${idPrefix}-end`} type="datetime-local" value={draft.end} onChange={(e) => onChange({ end: e.target.value }, 'licenceEnd')} {...invalid('licenceEnd')} />
          <span className="text-xs text-muted-foreground">{t('admin.rights.endHint')}</span>
          <FieldError id={`${idPrefix}-licenceEnd-error`}>{err('licenceEnd')}</FieldError>
        </div>
      </div>
      <div className="grid gap-1">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={draft.everywhere} onChange={(e) => onChange({ everywhere: e.target.checked }, 'countries')} />
          {t('admin.rights.everywhere')}
        </label>
        {!draft.everywhere && <Input aria-label={t('admin.rights.countries')} value={draft.countries} onChange={(e) => onChange({ countries: e.target.value }, 'countries')} {...invalid('countries')} />}
        <FieldError id={`${idPrefix}-countries-error`}>{err('countries')}</FieldError>
      </div>
    </>
  );
}
