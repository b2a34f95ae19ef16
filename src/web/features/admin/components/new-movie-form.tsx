import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Textarea } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { fieldErrors, isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { MOVIE_CATEGORIES } from '../../../../shared/contracts/admin';
import { useMovieMutations, useTranslatorOptions } from '../api/movies';
import { validateVideo } from '../api/videos';
import { uploadStore } from '../hooks/use-uploads';
import { ImageField } from './image-field';
import { LibraryVideoField } from './library-video-field';
import { emptyMovieForm, validateMovieForm, type MovieFormValues } from './movie-form-logic';
import { toastFileProblem } from './file-problem-toast';
import { checkVideoFile, titleFromFileName } from './video-file';
import { categoryLabel } from '../../../lib/category-label';

type FieldKey = keyof MovieFormValues | 'file';

/**
 * New movie (docs/product/admin.md §4 and §5): thumbnail, the required fields, rating 0-10 step 0.1, cast split on
 * commas, a translator and a one-off price; then either a video file (the server's pre-check, then the movie
 * record, then a tus upload followed in the upload panel) or a verified video of the library.
 */
export function NewMovieForm() {
  const { t } = useTranslation();
  const { create } = useMovieMutations();
  const translators = useTranslatorOptions();
  const formRef = useRef<HTMLFormElement>(null);
  const [v, setV] = useState<MovieFormValues>(emptyMovieForm);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof MovieFormValues>(k: K, value: MovieFormValues[K]) => {
    setV((old) => ({ ...old, [k]: value }));
    setErrors((old) => ({ ...old, [k]: undefined }));
  };

  const onFile = (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    if (!chosen) return setFile(null);
    const problem = checkVideoFile(chosen);
    if (problem) {
      toastFileProblem(t, problem);
      input.value = '';
      return setFile(null);
    }
    setFile(chosen);
    setErrors((old) => ({ ...old, file: undefined }));
    if (!v.title.trim()) set('title', titleFromFileName(chosen.name));
  };

  const reset = () => {
    formRef.current?.reset();
    setV(emptyMovieForm);
    setFile(null);
    setErrors({});
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const result = validateMovieForm(v, file);
    if (!result.ok) {
      if (result.toast) toast.error(t(`admin.${result.toast.title}`), { description: t(`admin.${result.toast.description}`) });
      setErrors(result.fields);
      return;
    }
    setBusy(true);
    try {
      if (v.source === 'upload' && file) {
        // The server's own pre-check (docs/product/admin.md §5: 'Invalid File' with its list, or 'Validation Error').
        try {
          const check = await validateVideo(file);
          if (!check.success) {
            toast.error(t('admin.invalidFile'), { description: check.errors.join(', ') });
            return;
          }
        } catch (error) {
          if (!isApiError(error, 'not_found')) {
            toast.error(t('admin.validationError'), { description: t('admin.validationErrorText') });
            return;
          }
        }
      }
      const { movie } = await create.mutateAsync(result.body);
      toast.success(t('admin.movieAdded'), { description: t('admin.movieAddedText', { title: movie.title }) });
      if (v.source === 'upload' && file) uploadStore().add({ kind: 'movie', id: movie.id }, movie.title, file);
      reset();
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields as Partial<Record<FieldKey, string>>);
      toast.error(t('admin.movieAddFailed'), { description: errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };

  const err = (k: FieldKey) => {
    const e = errors[k];
    if (!e) return undefined;
    return t(`admin.fieldError.${e}`, { defaultValue: e });
  };
  const field = (k: keyof MovieFormValues, label: string, input: ReactNode, wide = false) => (
    <div className={wide ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}>
      <Label htmlFor={`movie-${k}`}>{label}</Label>
      {input}
      <FieldError id={`movie-${k}-error`}>{err(k)}</FieldError>
    </div>
  );
  const text = (k: 'title' | 'category' | 'director' | 'trailer' | 'cast', extra: Partial<React.ComponentProps<'input'>> = {}) => (
    <Input id={`movie-${k}`} value={v[k]} onChange={(e) => set(k, e.target.value)} aria-invalid={!!errors[k] || undefined} aria-describedby={errors[k] ? `movie-${k}-error` : undefined} {...extra} />
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.newMovie')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2" aria-label={t('admin.newMovie')}>
          <div className="sm:col-span-2">
            <ImageField label={t('admin.thumbnail')} value={v.thumbnailUrl} onChange={(url) => set('thumbnailUrl', url)} />
          </div>
          {field('title', t('admin.title'), text('title', { maxLength: 200 }))}
          {field(
            'category',
            t('admin.category'),
            <>
              {text('category', { maxLength: 60, list: 'admin-categories' })}
              <datalist id="admin-categories">
                {MOVIE_CATEGORIES.map((c) => (
                  <option key={c} value={c} label={categoryLabel(t, c)} />
                ))}
              </datalist>
            </>,
          )}
          <fieldset className="grid gap-2 sm:col-span-2">
            <legend className="mb-2 text-sm font-medium">{t('admin.videoSource')}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="source" checked={v.source === 'upload'} onChange={() => set('source', 'upload')} /> {t('admin.sourceUpload')}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="source" checked={v.source === 'library'} onChange={() => set('source', 'library')} /> {t('admin.sourceLibrary')}
              </label>
            </div>
            {v.source === 'upload' ? (
              <div className="grid gap-2">
                <Label htmlFor="movie-file">{t('admin.videoFile')}</Label>
                <Input id="movie-file" type="file" accept="video/*" onChange={(e) => onFile(e.currentTarget)} className="h-auto py-2" aria-invalid={!!errors.file || undefined} />
                <p className="text-xs text-muted-foreground">{t('admin.videoFileHint')}</p>
                <FieldError id="movie-file-error">{err('file')}</FieldError>
              </div>
            ) : (
              <LibraryVideoField
                value={v.videoId}
                verified={v.videoVerified}
                invalid={!!errors.videoId}
                onChange={(videoId, verified) => setV((old) => ({ ...old, videoId, videoVerified: verified }))}
              />
            )}
          </fieldset>
          {field(
            'description',
            t('admin.description'),
            <Textarea id="movie-description" value={v.description} onChange={(e) => set('description', e.target.value)} maxLength={2000} rows={2} aria-invalid={!!errors.description || undefined} />,
            true,
          )}
          {field(
            'fullDescription',
            t('admin.fullDescription'),
            <Textarea id="movie-fullDescription" value={v.fullDescription} onChange={(e) => set('fullDescription', e.target.value)} maxLength={10000} rows={4} aria-invalid={!!errors.fullDescription || undefined} />,
            true,
          )}
          {field('director', t('admin.director'), text('director', { maxLength: 200 }))}
          {field('cast', t('admin.cast'), text('cast', { placeholder: t('admin.castHint') }))}
          {field('trailer', t('admin.trailer'), text('trailer', { type: 'url', placeholder: 'https://' }))}
          {field(
            'year',
            t('admin.year'),
            <Input id="movie-year" type="number" inputMode="numeric" min={1888} max={2100} step={1} value={v.year} onChange={(e) => set('year', e.target.value)} aria-invalid={!!errors.year || undefined} />,
          )}
          {field(
            'rating',
            t('admin.rating'),
            <Input id="movie-rating" type="number" inputMode="decimal" min={0} max={10} step={0.1} value={v.rating} onChange={(e) => set('rating', e.target.value)} aria-invalid={!!errors.rating || undefined} />,
          )}
          {field(
            'translatorId',
            t('admin.translator'),
            <select id="movie-translatorId" className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={v.translatorId} onChange={(e) => set('translatorId', e.target.value)}>
              <option value="">{t('admin.noTranslator')}</option>
              {translators.data?.map((tr) => (
                <option key={tr.id} value={tr.id}>
                  {tr.name}
                </option>
              ))}
            </select>,
          )}
          {field(
            'priceRwf',
            t('admin.priceRwf'),
            <Input id="movie-priceRwf" type="number" inputMode="numeric" min={1} step={1} value={v.priceRwf} onChange={(e) => set('priceRwf', e.target.value)} placeholder={t('admin.priceHint')} aria-invalid={!!errors.priceRwf || undefined} />,
          )}
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={v.isPremium} onChange={(e) => set('isPremium', e.target.checked)} className="size-4 accent-[var(--primary)]" />
            {t('admin.premium')}
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy} className="w-full sm:w-auto">
              {t('admin.uploadMovie')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
