import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { splitNames, type MovieUpdateBody } from '../../../../shared/contracts/admin';
import type { AdminMovie } from '../../../../shared/contracts/catalog';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { fieldErrors } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useMovieMutations, useTranslatorOptions } from '../api/movies';
import { CategorySelect } from './category-select';
import { FilmParts } from './film-parts';
import { RightsSection } from './rights-section';
import { ImageField } from './image-field';

/** The checks of an edit (docs/product/admin.md §5): required fields stay filled, rating 0-10 step 0.1, year. Returns i18n keys by field. */
export function validateMovieEdit(v: { title: string; category: string; rating: string; year: string; trailer: string; priceRwf: string }): Record<string, string> {
  const e: Record<string, string> = {};
  if (!v.title.trim()) e.title = 'required';
  if (!v.category.trim()) e.category = 'required';
  const r = Number(v.rating);
  if (v.rating.trim() === '' || !Number.isFinite(r) || r < 0 || r > 10) e.rating = 'ratingRange';
  else if (Math.abs(Math.round(r * 10) - r * 10) > 1e-9) e.rating = 'ratingStep';
  if (v.year.trim()) {
    const y = Number(v.year);
    if (!Number.isInteger(y) || y < 1888 || y > 2100) e.year = 'yearRange';
  }
  if (v.trailer.trim() && !/^https?:\/\/\S+$/i.test(v.trailer.trim())) e.trailer = 'trailerLink';
  if (v.priceRwf.trim()) {
    const p = Number(v.priceRwf);
    if (!Number.isInteger(p) || p <= 0) e.priceRwf = 'priceRange';
  }
  return e;
}

/** Edit a movie: PATCH /api/admin/movies/:id; 'Movie updated successfully' or 'Error updating movie' (section 8). */
export function MovieEditDialog({ movie, onClose }: { movie: AdminMovie; onClose: () => void }) {
  const { t } = useTranslation();
  const { update } = useMovieMutations();
  const translators = useTranslatorOptions();
  const [v, setV] = useState({
    title: movie.title,
    category: movie.category,
    description: movie.description,
    fullDescription: movie.fullDescription,
    director: movie.director,
    cast: movie.cast.join(', '),
    trailer: movie.trailer ?? '',
    year: movie.year == null ? '' : String(movie.year),
    rating: String(movie.rating),
    isPremium: movie.isPremium,
    thumbnailUrl: null as string | null,
    translatorId: 'unchanged',
    priceRwf: '',
    priceMode: 'unchanged' as 'unchanged' | 'set' | 'none',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v, value: unknown) => setV((o) => ({ ...o, [k]: value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = validateMovieEdit({ ...v, priceRwf: v.priceMode === 'set' ? v.priceRwf || 'x' : '' });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body: MovieUpdateBody = {
      title: v.title.trim(),
      category: v.category.trim(),
      rating: Math.round(Number(v.rating) * 10) / 10,
      isPremium: v.isPremium,
    };
    if (v.description.trim()) body.description = v.description.trim();
    if (v.fullDescription.trim()) body.fullDescription = v.fullDescription.trim();
    if (v.director.trim()) body.director = v.director.trim();
    if (splitNames(v.cast).length > 0) body.cast = splitNames(v.cast);
    if (v.trailer.trim()) body.trailer = v.trailer.trim();
    if (v.year.trim()) body.year = Number(v.year);
    if (v.thumbnailUrl) body.thumbnailUrl = v.thumbnailUrl;
    if (v.translatorId !== 'unchanged') body.translatorId = v.translatorId || null;
    if (v.priceMode === 'none') body.priceRwf = null;
    if (v.priceMode === 'set') body.priceRwf = Number(v.priceRwf);
    try {
      await update.mutateAsync({ id: movie.id, body });
      toast.success(t('admin.movieUpdated'));
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(t('admin.movieUpdateFailed'), { description: errorMessage(t, error) });
    }
  };

  const err = (k: string) => (errors[k] ? t(`admin.fieldError.${errors[k]}`, { defaultValue: errors[k] }) : undefined);
  const input = (k: 'title' | 'director' | 'cast' | 'trailer' | 'year' | 'rating' | 'priceRwf', label: string, extra: React.ComponentProps<'input'> = {}) => (
    <div className="grid gap-2">
      <Label htmlFor={`edit-${k}`}>{label}</Label>
      <Input id={`edit-${k}`} value={v[k]} onChange={(e) => set(k, e.target.value)} aria-invalid={!!errors[k] || undefined} {...extra} />
      <FieldError id={`edit-${k}-error`}>{err(k)}</FieldError>
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common.close')} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('admin.editMovie')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <ImageField label={t('admin.thumbnail')} value={v.thumbnailUrl ?? movie.posterUrl} onChange={(url) => set('thumbnailUrl', url)} />
          </div>
          {input('title', t('admin.title'))}
          <div className="grid gap-2">
            <Label htmlFor="edit-category">{t('admin.category')}</Label>
            <CategorySelect id="edit-category" value={v.category} onValue={(c) => set('category', c)} placeholder={false} />
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="edit-description">{t('admin.description')}</Label>
            <Textarea id="edit-description" rows={2} value={v.description} onChange={(e) => set('description', e.target.value)} />
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="edit-fullDescription">{t('admin.fullDescription')}</Label>
            <Textarea id="edit-fullDescription" rows={3} value={v.fullDescription} onChange={(e) => set('fullDescription', e.target.value)} />
          </div>
          {input('director', t('admin.director'))}
          {input('cast', t('admin.cast'))}
          {input('trailer', t('admin.trailer'), { type: 'url' })}
          {input('year', t('admin.year'), { type: 'number', min: 1888, max: 2100, step: 1 })}
          {input('rating', t('admin.rating'), { type: 'number', min: 0, max: 10, step: 0.1 })}
          <div className="grid gap-2">
            <Label htmlFor="edit-translator">{t('admin.translator')}</Label>
            <select id="edit-translator" className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={v.translatorId} onChange={(e) => set('translatorId', e.target.value)}>
              <option value="unchanged">{t('admin.unchanged')}</option>
              <option value="">{t('admin.noTranslator')}</option>
              {translators.data?.map((tr) => (
                <option key={tr.id} value={tr.id}>
                  {tr.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="edit-price-mode">{t('admin.priceRwf')}</Label>
            <select id="edit-price-mode" className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={v.priceMode} onChange={(e) => set('priceMode', e.target.value)}>
              <option value="unchanged">{t('admin.unchanged')}</option>
              <option value="none">{t('admin.notSoldAlone')}</option>
              <option value="set">{t('admin.setPrice')}</option>
            </select>
            {v.priceMode === 'set' && <Input aria-label={t('admin.priceRwf')} type="number" min={1} step={1} value={v.priceRwf} onChange={(e) => set('priceRwf', e.target.value)} aria-invalid={!!errors.priceRwf || undefined} />}
            <FieldError id="edit-priceRwf-error">{err('priceRwf')}</FieldError>
          </div>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={v.isPremium} onChange={(e) => set('isPremium', e.target.checked)} className="size-4" />
            {t('admin.premium')}
          </label>
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button variant="outline" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {t('admin.save')}
            </Button>
          </div>
        </form>
        <FilmParts movie={movie} />
        <RightsSection titleId={movie.id} />
      </DialogContent>
    </Dialog>
  );
}
