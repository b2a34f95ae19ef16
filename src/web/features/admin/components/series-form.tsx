import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MOVIE_CATEGORIES, splitNames, type AdminSeries, type SeriesBody } from '../../../../shared/contracts/admin';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { useTranslatorOptions } from '../api/movies';
import { ImageField } from './image-field';
import { categoryLabel } from '../../../lib/category-label';

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
 * The series checks (docs/product/admin.md §5 "Series"): title and category required ('Please fill in at least the
 * title and category'); actors split on commas; rating 0-10 step 0.1; year a whole number. Returns the body or
 * the problem: `missing` (the toast) or field keys.
 */
export function validateSeries(v: SeriesFormValues): { ok: true; body: SeriesBody } | { ok: false; missing: boolean; fields: Record<string, string> } {
  if (!v.title.trim() || !v.category.trim()) return { ok: false, missing: true, fields: { ...(v.title.trim() ? {} : { title: 'required' }), ...(v.category.trim() ? {} : { category: 'required' }) } };
  const fields: Record<string, string> = {};
  const rating = v.rating.trim() === '' ? 0 : Number(v.rating);
  if (!Number.isFinite(rating) || rating < 0 || rating > 10) fields.rating = 'ratingRange';
  else if (Math.abs(Math.round(rating * 10) - rating * 10) > 1e-9) fields.rating = 'ratingStep';
  const year = v.year.trim() ? Number(v.year) : null;
  if (year !== null && (!Number.isInteger(year) || year < 1888 || year > 2100)) fields.year = 'yearRange';
  if (Object.keys(fields).length > 0) return { ok: false, missing: false, fields };
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
    },
  };
}

/** Create or edit a series; `onSubmit` gets a checked body and may throw (the caller toasts). */
export function SeriesForm({ initial, submitLabel, busy, onSubmit, onCancel }: { initial: SeriesFormValues; submitLabel: string; busy: boolean; onSubmit: (body: SeriesBody) => Promise<void>; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const translators = useTranslatorOptions();
  const set = (k: keyof SeriesFormValues, value: unknown) => setV((o) => ({ ...o, [k]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = validateSeries(v);
    if (!r.ok) {
      setErrors(r.fields);
      if (r.missing) toast.error(t('admin.missingInfo'), { description: t('admin.seriesRequired') });
      return;
    }
    setErrors({});
    await onSubmit(r.body);
  };
  const err = (k: string) => (errors[k] ? t(`admin.fieldError.${errors[k]}`) : undefined);
  const input = (k: 'title' | 'director' | 'actors' | 'year' | 'rating' | 'trailer', label: string, extra: React.ComponentProps<'input'> = {}) => (
    <div className="grid gap-2">
      <Label htmlFor={`series-${k}`}>{label}</Label>
      <Input id={`series-${k}`} value={v[k]} onChange={(e) => set(k, e.target.value)} aria-invalid={!!errors[k] || undefined} {...extra} />
      <FieldError id={`series-${k}-error`}>{err(k)}</FieldError>
    </div>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
      {input('title', t('admin.seriesTitle'))}
      <div className="grid gap-2">
        <Label htmlFor="series-category">{t('admin.category')}</Label>
        <select id="series-category" className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={v.category} onChange={(e) => set('category', e.target.value)} aria-invalid={!!errors.category || undefined}>
          <option value="">{t('admin.chooseCategory')}</option>
          {(MOVIE_CATEGORIES.includes(v.category as never) || !v.category ? MOVIE_CATEGORIES : [v.category, ...MOVIE_CATEGORIES]).map((c) => (
            <option key={c} value={c}>
              {categoryLabel(t, c)}
            </option>
          ))}
        </select>
        <FieldError id="series-category-error">{err('category')}</FieldError>
      </div>
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
        <ImageField label={t('admin.thumbnail')} value={v.thumbnailUrl} onChange={(url) => set('thumbnailUrl', url)} />
      </div>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={v.isPremium} onChange={(e) => set('isPremium', e.target.checked)} className="size-4" />
        {t('admin.premium')}
      </label>
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
