import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { splitNames, type AdminSeries, type SeriesBody } from '../../../../shared/contracts/admin';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useTranslatorOptions } from '../api/movies';
import { CategorySelect } from './category-select';
import { controlProps, FormField } from './form-field';
import { ImageField } from './image-field';
import type { MovieFormRights } from './movie-form-logic';
import { NewTitleRights, useNewTitleRights } from './new-title-rights';
import { createRightsOf, type RightsErrors } from './rights-logic';

export interface SeriesFormValues {
  title: string;
  category: string;
  description: string;
  fullDescription: string;
  director: string;
  actors: string;
  year: string;
  rating: string;
  isPremium: boolean;
  thumbnailUrl: string | null;
  trailer: string;
  /** The translator's id, '' for none (docs/product/admin.md §12). */
  translatorId: string;
}

export function seriesValues(s?: AdminSeries): SeriesFormValues {
  return {
    title: s?.title ?? '',
    category: s?.category ?? '',
    description: s?.description ?? '',
    fullDescription: s?.fullDescription ?? '',
    director: s?.director ?? '',
    actors: s?.actors.join(', ') ?? '',
    year: s?.year == null ? '' : String(s.year),
    rating: s ? String(s.rating) : '0',
    isPremium: s?.isPremium ?? true,
    thumbnailUrl: s?.thumbnailUrl ?? null,
    trailer: s?.trailer ?? '',
    translatorId: s?.translatorId ?? '',
  };
}

/**
 * The series checks, all in one pass (docs/product/admin.md §5 "Series"; ADR 056): title and category required;
 * rating 0-10 step 0.1 (empty: 0); year a whole number 1888-2100 when given; actors split on commas; the Rights
 * section of a new series (when given) checked, only its changed parts sent (rights-logic.ts). Returns the body,
 * or every problem at once: i18n keys under admin.fieldError by field and under admin.rights by rights part.
 */
export function validateSeries(v: SeriesFormValues, rights: MovieFormRights | null = null): { ok: true; body: SeriesBody } | { ok: false; fields: Record<string, string>; rights: RightsErrors } {
  const fields: Record<string, string> = {};
  if (!v.title.trim()) fields.title = 'required';
  if (!v.category.trim()) fields.category = 'required';
  const rating = v.rating.trim() === '' ? 0 : Number(v.rating);
  if (!Number.isFinite(rating) || rating < 0 || rating > 10) fields.rating = 'ratingRange';
  else if (Math.abs(Math.round(rating * 10) - rating * 10) > 1e-9) fields.rating = 'ratingStep';
  const year = v.year.trim() ? Number(v.year) : null;
  if (year !== null && (!Number.isInteger(year) || year < 1888 || year > 2100)) fields.year = 'yearRange';
  const sent = rights ? createRightsOf(rights.draft, rights.changed) : { ok: true as const, rights: undefined };
  if (Object.keys(fields).length > 0 || !sent.ok) return { ok: false, fields, rights: sent.ok ? {} : sent.errors };
  return {
    ok: true,
    body: {
      title: v.title.trim(),
      category: v.category.trim(),
      description: v.description.trim(),
      fullDescription: v.fullDescription.trim(),
      director: v.director.trim(),
      actors: splitNames(v.actors),
      year,
      rating: Math.round(rating * 10) / 10,
      isPremium: v.isPremium,
      thumbnailUrl: v.thumbnailUrl,
      trailer: v.trailer.trim() || null,
      translatorId: v.translatorId || null,
      ...(sent.rights ? { rights: sent.rights } : {}),
    },
  };
}

/**
 * Create or edit a series; `onSubmit` gets a checked body and may throw (the caller toasts). Required fields are
 * marked; one submit shows every problem beside its field. `withRights`: a new series' Rights section
 * (new-title-rights.tsx); an existing series edits its rights in the dialog's own Rights section.
 */
export function SeriesForm({ initial, submitLabel, busy, onSubmit, onCancel, withRights = false }: { initial: SeriesFormValues; submitLabel: string; busy: boolean; onSubmit: (body: SeriesBody) => Promise<void>; onCancel?: () => void; withRights?: boolean }) {
  const { t } = useTranslation();
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const translators = useTranslatorOptions();
  const rights = useNewTitleRights(v.translatorId);
  const set = (k: keyof SeriesFormValues, value: unknown) => {
    setV((o) => ({ ...o, [k]: value }));
    setErrors((o) => ({ ...o, [k]: '' }));
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const r = validateSeries(v, withRights ? rights.value : null);
    setErrors(r.ok ? {} : r.fields);
    rights.setErrors(r.ok ? {} : r.rights);
    if (!r.ok) return void requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    await onSubmit(r.body);
  };
  const err = (k: string) => (errors[k] ? t(`admin.fieldError.${errors[k]}`) : undefined);
  const input = (k: 'title' | 'director' | 'actors' | 'year' | 'rating' | 'trailer', label: string, extra: React.ComponentProps<'input'> = {}, required = false) => (
    <FormField id={`series-${k}`} label={label} required={required} error={err(k)}>
      <Input value={v[k]} onChange={(e) => set(k, e.target.value)} {...controlProps(`series-${k}`, err(k), required)} {...extra} />
    </FormField>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
      <p className="text-sm text-muted-foreground sm:col-span-2">{t('admin.requiredNote')}</p>
      {input('title', t('admin.seriesTitle'), {}, true)}
      <FormField id="series-category" label={t('admin.category')} required error={err('category')}>
        <CategorySelect value={v.category} onValue={(c) => set('category', c)} {...controlProps('series-category', err('category'), true)} />
      </FormField>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="series-description">{t('admin.description')}</Label>
        <Textarea id="series-description" rows={2} value={v.description} onChange={(e) => set('description', e.target.value)} />
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="series-fullDescription">{t('admin.fullDescription')}</Label>
        <Textarea id="series-fullDescription" rows={3} value={v.fullDescription} onChange={(e) => set('fullDescription', e.target.value)} />
      </div>
      {input('director', t('admin.director'))}
      {input('actors', t('admin.actors'), { placeholder: t('admin.castHint') })}
      {input('year', t('admin.year'), { type: 'number', min: 1888, max: 2100, step: 1 })}
      {input('rating', t('admin.rating'), { type: 'number', min: 0, max: 10, step: 0.1 })}
      {input('trailer', t('admin.trailer'), { type: 'url', placeholder: 'https://' })}
      <div className="grid gap-2">
        <Label htmlFor="series-translator">{t('admin.translator')}</Label>
        <select id="series-translator" className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={v.translatorId} onChange={(e) => set('translatorId', e.target.value)}>
          <option value="">{t('admin.noTranslator')}</option>
          {translators.data?.map((tr) => (
            <option key={tr.id} value={tr.id}>
              {tr.name}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">
        <ImageField label={t('admin.thumbnail')} value={v.thumbnailUrl} onChange={(url) => set('thumbnailUrl', url)} removable />
      </div>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={v.isPremium} onChange={(e) => set('isPremium', e.target.checked)} className="size-4" />
        {t('admin.premium')}
      </label>
      {withRights && (
        <div className="sm:col-span-2">
          <NewTitleRights idPrefix="new-series-rights" state={rights} />
        </div>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {t('admin.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
