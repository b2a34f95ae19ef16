import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Textarea } from '../../../components/ui/input';
import { fieldErrors, isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useMovieMutations, useTranslatorOptions } from '../api/movies';
import { validateVideo } from '../api/videos';
import { uploadStore } from '../hooks/use-uploads';
import { CategorySelect } from './category-select';
import { controlProps, FormField } from './form-field';
import { ImageField } from './image-field';
import { LibraryVideoField } from './library-video-field';
import { emptyMovieForm, validateMovieForm, type MovieFieldKey, type MovieFormValues } from './movie-form-logic';
import { NewTitleRights, useNewTitleRights } from './new-title-rights';
import type { RightsErrors, RightsPart } from './rights-logic';
import { toastFileProblem } from './file-problem-toast';
import { checkVideoFile, titleFromFileName } from './video-file';

/** The fields this form shows an error beside (the server's `fileName` is the file field). */
const SHOWN: readonly MovieFieldKey[] = ['title', 'category', 'file', 'videoId', 'description', 'fullDescription', 'director', 'cast', 'trailer', 'year', 'rating', 'translatorId', 'priceRwf'];
const RIGHTS_PARTS: readonly RightsPart[] = ['holders', 'licenceStart', 'licenceEnd', 'countries'];

/**
 * The server's field errors (fieldErrors: `title`, `fileName`, `rights.holders.0.shareBp`…) placed beside the form's
 * fields and the Rights section's parts; `unplaced` when some named a field the form does not show.
 */
function placeServerFields(fields: Record<string, string>): { own: Partial<Record<MovieFieldKey, string>>; ofRights: RightsErrors; unplaced: boolean } {
  const own: Partial<Record<MovieFieldKey, string>> = {};
  const ofRights: RightsErrors = {};
  let unplaced = false;
  for (const [field, message] of Object.entries(fields)) {
    const [head, part] = field.split('.');
    const key = (head === 'fileName' ? 'file' : head) as MovieFieldKey;
    if (head === 'rights' && RIGHTS_PARTS.includes(part as RightsPart)) ofRights[part as RightsPart] ??= message;
    else if (SHOWN.includes(key)) own[key] ??= message;
    else unplaced = true;
  }
  return { own, ofRights, unplaced };
}

/**
 * New movie (docs/product/admin.md §4, §5 and §13; ADR 056): a title, a category from the list and the video (a
 * file, or a verified video of the library) are required and marked so; everything else is optional: a thumbnail
 * (without one the video's poster is used), descriptions, cast split on commas, trailer link, year, rating 0-10 step
 * 0.1, a translator, a one-off price, and the Rights section (defaulting to what the server gives a new title). One
 * submit checks everything at once and shows each problem beside its field, no toast. Then the server's pre-check of
 * the file, the movie record, and a tus upload followed in the upload panel.
 */
export function NewMovieForm() {
  const { t } = useTranslation();
  const { create } = useMovieMutations();
  const translators = useTranslatorOptions();
  const formRef = useRef<HTMLFormElement>(null);
  const [v, setV] = useState<MovieFormValues>(emptyMovieForm);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<MovieFieldKey, string>>>({});
  const [busy, setBusy] = useState(false);
  const rights = useNewTitleRights(v.translatorId);

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
    rights.reset();
  };

  /** Moves focus to the first field that is wrong, as the viewer's forms do (ADR 055). */
  const focusFirstProblem = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const result = validateMovieForm(v, file, rights.value);
    if (!result.ok) {
      setErrors(result.fields);
      rights.setErrors(result.rights);
      focusFirstProblem();
      return;
    }
    setErrors({});
    rights.setErrors({});
    setBusy(true);
    try {
      if (v.source === 'upload' && file) {
        // The server's own pre-check (docs/product/admin.md §5: 'Invalid File' with its list, or 'Validation Error').
        try {
          const check = await validateVideo(file);
          if (!check.success) {
            setErrors({ file: check.errors.join(', ') });
            focusFirstProblem();
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
      const { own, ofRights, unplaced } = placeServerFields(fieldErrors(error));
      setErrors(own);
      rights.setErrors(ofRights);
      if (Object.keys(own).length + Object.keys(ofRights).length > 0) focusFirstProblem();
      // A refusal that names no field this form shows (or none at all) is said in a toast.
      if (unplaced || Object.keys(own).length + Object.keys(ofRights).length === 0) toast.error(t('admin.movieAddFailed'), { description: errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };

  const err = (k: MovieFieldKey) => {
    const e = errors[k];
    return e ? t(`admin.fieldError.${e}`, { defaultValue: e }) : undefined;
  };
  const props = (k: MovieFieldKey, required = false) => controlProps(`movie-${k}`, err(k), required);
  const text = (k: 'title' | 'director' | 'trailer' | 'cast', extra: Partial<React.ComponentProps<'input'>> = {}, required = false) => (
    <Input value={v[k]} onChange={(e) => set(k, e.target.value)} {...props(k, required)} {...extra} />
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.newMovie')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2" aria-label={t('admin.newMovie')}>
          <p className="text-sm text-muted-foreground sm:col-span-2">{t('admin.requiredNote')}</p>
          <FormField id="movie-title" label={t('admin.title')} required error={err('title')}>
            {text('title', { maxLength: 200 }, true)}
          </FormField>
          <FormField id="movie-category" label={t('admin.category')} required error={err('category')}>
            <CategorySelect value={v.category} onValue={(c) => set('category', c)} {...props('category', true)} />
          </FormField>
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
              <FormField id="movie-file" label={t('admin.videoFile')} required error={err('file')}>
                <Input type="file" accept="video/*" onChange={(e) => onFile(e.currentTarget)} className="h-auto py-2" {...props('file', true)} />
                <p className="text-xs text-muted-foreground">{t('admin.videoFileHint')}</p>
              </FormField>
            ) : (
              <LibraryVideoField
                value={v.videoId}
                verified={v.videoVerified}
                error={err('videoId')}
                onChange={(videoId, verified) => {
                  setV((old) => ({ ...old, videoId, videoVerified: verified }));
                  setErrors((old) => ({ ...old, videoId: undefined }));
                }}
              />
            )}
          </fieldset>
          <div className="sm:col-span-2">
            <ImageField label={t('admin.thumbnail')} value={v.thumbnailUrl} onChange={(url) => set('thumbnailUrl', url)} hint={t('admin.thumbnailOptional')} removable />
          </div>
          <FormField id="movie-description" label={t('admin.description')} error={err('description')} wide>
            <Textarea value={v.description} onChange={(e) => set('description', e.target.value)} maxLength={2000} rows={2} {...props('description')} />
          </FormField>
          <FormField id="movie-fullDescription" label={t('admin.fullDescription')} error={err('fullDescription')} wide>
            <Textarea value={v.fullDescription} onChange={(e) => set('fullDescription', e.target.value)} maxLength={10000} rows={4} {...props('fullDescription')} />
          </FormField>
          <FormField id="movie-director" label={t('admin.director')} error={err('director')}>
            {text('director', { maxLength: 200 })}
          </FormField>
          <FormField id="movie-cast" label={t('admin.cast')} error={err('cast')}>
            {text('cast', { placeholder: t('admin.castHint') })}
          </FormField>
          <FormField id="movie-trailer" label={t('admin.trailer')} error={err('trailer')}>
            {text('trailer', { type: 'url', placeholder: 'https://' })}
          </FormField>
          <FormField id="movie-year" label={t('admin.year')} error={err('year')}>
            <Input type="number" inputMode="numeric" min={1888} max={2100} step={1} value={v.year} onChange={(e) => set('year', e.target.value)} {...props('year')} />
          </FormField>
          <FormField id="movie-rating" label={t('admin.rating')} error={err('rating')}>
            <Input type="number" inputMode="decimal" min={0} max={10} step={0.1} value={v.rating} onChange={(e) => set('rating', e.target.value)} {...props('rating')} />
          </FormField>
          <FormField id="movie-translatorId" label={t('admin.translator')} error={err('translatorId')}>
            <select className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={v.translatorId} onChange={(e) => set('translatorId', e.target.value)} {...props('translatorId')}>
              <option value="">{t('admin.noTranslator')}</option>
              {translators.data?.map((tr) => (
                <option key={tr.id} value={tr.id}>
                  {tr.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="movie-priceRwf" label={t('admin.priceRwf')} error={err('priceRwf')}>
            <Input type="number" inputMode="numeric" min={1} step={1} value={v.priceRwf} onChange={(e) => set('priceRwf', e.target.value)} placeholder={t('admin.priceHint')} {...props('priceRwf')} />
          </FormField>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={v.isPremium} onChange={(e) => set('isPremium', e.target.checked)} className="size-4 accent-[var(--primary)]" />
            {t('admin.premium')}
          </label>
          <div className="sm:col-span-2">
            <NewTitleRights idPrefix="new-movie-rights" state={rights} />
          </div>
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
