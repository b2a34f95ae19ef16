import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/error-message';
import { useCreateMovie } from '../api/create-movie';
import { startUpload } from '../hooks/use-uploads';
import { toastFileProblem } from './file-problem-toast';
import { checkVideoFile, titleFromFileName } from './video-file';

const CATEGORIES = ['action', 'comedy', 'drama', 'horror', 'sci-fi', 'thriller', 'documentary'];

/** New movie: creates the record, then uploads its video with tus (admin spec section 5, issue 2 point 6). */
export function NewMovieForm() {
  const { t } = useTranslation();
  const createMovie = useCreateMovie();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);

  const onFile = (chosen: File | undefined, input: HTMLInputElement) => {
    if (!chosen) return setFile(null);
    const problem = checkVideoFile(chosen);
    if (problem) {
      toastFileProblem(t, problem);
      input.value = '';
      return setFile(null);
    }
    setFile(chosen);
    if (!title.trim()) setTitle(titleFromFileName(chosen.name));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const finalTitle = title.trim() || (file ? titleFromFileName(file.name) : '');
    if (!file || !finalTitle) {
      toast.error(t('admin.missingInfo'), { description: t('admin.missingInfoText') });
      return;
    }
    const problem = checkVideoFile(file);
    if (problem) return toastFileProblem(t, problem);
    const category = String(data.get('category') ?? '').trim();
    if (!category) {
      toast.error(t('admin.missingInfo'), { description: t('admin.missingCategory') });
      return;
    }
    const yearText = String(data.get('year') ?? '').trim();
    const year = yearText ? Number.parseInt(yearText, 10) : null;
    try {
      const { movie } = await createMovie.mutateAsync({
        title: finalTitle,
        category,
        description: String(data.get('description') ?? '').trim(),
        director: String(data.get('director') ?? '').trim(),
        year: year != null && Number.isFinite(year) ? year : null,
        isPremium: data.get('isPremium') === 'on',
      });
      toast.success(t('admin.movieAdded'), { description: t('admin.movieAddedText', { title: movie.title }) });
      startUpload(movie.id, movie.title, file);
      formRef.current?.reset();
      setTitle('');
      setFile(null);
    } catch (error) {
      toast.error(t('admin.movieAddFailed'), { description: errorMessage(t, error) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.newMovie')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="admin-title">{t('admin.title')}</Label>
            <Input id="admin-title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="admin-category">{t('admin.category')}</Label>
            <Input id="admin-category" name="category" list="admin-categories" maxLength={60} required />
            <datalist id="admin-categories">
              {CATEGORIES.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="admin-file">{t('admin.videoFile')}</Label>
            <Input id="admin-file" name="file" type="file" accept="video/*" onChange={(e) => onFile(e.target.files?.[0], e.currentTarget)} className="h-auto py-2" />
            <p className="text-xs text-muted-foreground">{t('admin.videoFileHint')}</p>
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="admin-description">{t('admin.description')}</Label>
            <Textarea id="admin-description" name="description" maxLength={2000} rows={3} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="admin-director">{t('admin.director')}</Label>
            <Input id="admin-director" name="director" maxLength={200} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="admin-year">{t('admin.year')}</Label>
            <Input id="admin-year" name="year" type="number" inputMode="numeric" min={1888} max={2100} step={1} />
          </div>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" name="isPremium" defaultChecked className="size-4 accent-[var(--primary)]" />
            {t('admin.premium')}
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={createMovie.isPending} className="w-full sm:w-auto">
              {t('admin.uploadMovie')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
