import { Captions, Pencil, Star, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminGroup } from '../../../../shared/contracts/admin';
import type { AdminMovie } from '../../../../shared/contracts/catalog';
import { formatDuration } from '../../../../shared/domain/duration';
import { groupMovies, groupDuration, groupRating } from '../../../../shared/domain/grouping';
import { isGroupNew, isNew } from '../../../../shared/domain/new-badge';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { categoryLabel } from '../../../lib/category-label';
import { errorMessage } from '../../../lib/error-message';
import { formatDecimal } from '../../../lib/format';
import { useMovieMutations } from '../api/movies';
import { uploadStore, type UploadItem } from '../hooks/use-uploads';
import { CaptionsDialog } from './captions-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { toastFileProblem } from './file-problem-toast';
import { MovieEditDialog } from './movie-edit-dialog';
import { checkVideoFile } from './video-file';
import { VideoStatus } from './video-status';

type Movie = Omit<AdminMovie, 'createdAt'> & { createdAt: Date; original: AdminMovie };

/**
 * The grid of movies (docs/product/admin.md §2): poster, category badge, title, director, description, year,
 * duration, rating; a group's card shows 'N Parts' unless 'NEW' replaces it (created since Sunday; for a group
 * its newest part). Each movie has edit, delete (asked first), captions and, while it has no finished video,
 * an upload.
 */
export function MovieGrid({ movies, groups, uploads }: { movies: AdminMovie[]; groups: AdminGroup[]; uploads: UploadItem[] }) {
  const { t, i18n } = useTranslation();
  const items = useMemo(() => {
    const list: Movie[] = movies.map((m) => ({ ...m, createdAt: new Date(m.createdAt), original: m }));
    const order = new Map(list.map((m, i) => [m.id, i]));
    const display = groupMovies(
      list,
      groups.map((g) => ({ id: g.id, title: g.title, movieIds: g.movies.map((m) => m.id) })),
    );
    const first = (d: (typeof display)[number]) => (d.kind === 'movie' ? order.get(d.movie.id)! : Math.min(...d.parts.map((p) => order.get(p.id)!)));
    return display.sort((a, b) => first(a) - first(b));
  }, [movies, groups]);
  const now = new Date();

  if (movies.length === 0) return <p className="text-sm text-muted-foreground">{t('admin.noMovies')}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('admin.movies', { count: movies.length })}>
      {items.map((d) =>
        d.kind === 'movie' ? (
          <li key={d.key}>
            <MovieCard movie={d.movie.original} isNewItem={isNew(d.movie.createdAt, now)} uploads={uploads} />
          </li>
        ) : (
          <li key={d.key} className="grid gap-2 rounded-xl border p-3 sm:col-span-2 lg:col-span-3" data-testid="admin-group-card">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">{d.title}</h3>
              {isGroupNew(
                d.parts.map((p) => p.createdAt),
                now,
              ) ? (
                <Badge variant="success">{t('admin.newBadge')}</Badge>
              ) : (
                <Badge>{t('admin.parts', { count: d.parts.length })}</Badge>
              )}
              <span className="text-xs text-muted-foreground">
                {[formatDuration(groupDuration(d.parts.map((p) => p.durationSeconds)), i18n.language), `★ ${formatDecimal(groupRating(d.parts.map((p) => p.rating)), i18n.language)}`].filter(Boolean).join(' · ')}
              </span>
            </div>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {d.parts.map((p) => (
                <li key={p.id}>
                  <MovieCard movie={p.original} isNewItem={false} uploads={uploads} />
                </li>
              ))}
            </ul>
          </li>
        ),
      )}
    </ul>
  );
}

function MovieCard({ movie, isNewItem, uploads }: { movie: AdminMovie; isNewItem: boolean; uploads: UploadItem[] }) {
  const { t, i18n } = useTranslation();
  const { remove } = useMovieMutations();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [captions, setCaptions] = useState(false);
  const active = uploads.some((u) => u.target.id === movie.id && (u.status === 'uploading' || u.status === 'processing'));
  const canUpload = !active && (movie.video == null || movie.video.status === 'uploading' || movie.video.status === 'failed');
  const inputId = `upload-${movie.id}`;

  const onDelete = async () => {
    try {
      const gone = await remove.mutateAsync(movie.id);
      toast.success(t('admin.movieDeleted'), { description: t('admin.movieDeletedText', { title: gone.title }) });
      setConfirming(false);
    } catch (error) {
      toast.error(t('admin.deleteFailed'), { description: t('admin.deleteFailedText', { message: errorMessage(t, error) }) });
    }
  };

  return (
    <article className="grid h-full grid-rows-[auto_1fr] overflow-hidden rounded-xl border bg-card" data-testid="admin-movie-row" data-video-status={movie.video?.status ?? 'none'}>
      <div className="relative aspect-video bg-muted">
        {movie.posterUrl && <img src={movie.posterUrl} alt="" loading="lazy" className="size-full object-cover" />}
        <div className="absolute left-2 top-2 flex gap-1">
          <Badge variant="secondary">{categoryLabel(t, movie.category)}</Badge>
          {isNewItem && <Badge variant="success">{t('admin.newBadge')}</Badge>}
          {movie.isDemo && <Badge variant="warning">{t('catalog.demo')}</Badge>}
        </div>
      </div>
      <div className="grid content-start gap-2 p-3">
        <h3 className="font-semibold leading-tight">{movie.title}</h3>
        {movie.director && <p className="text-xs text-muted-foreground">{movie.director}</p>}
        {movie.description && <p className="line-clamp-2 text-sm text-muted-foreground">{movie.description}</p>}
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {movie.year && <span>{movie.year}</span>}
          {movie.durationSeconds != null && <span>{formatDuration(movie.durationSeconds, i18n.language)}</span>}
          <span className="flex items-center gap-0.5">
            <Star className="size-3" aria-hidden="true" />
            {formatDecimal(movie.rating, i18n.language)}
          </span>
        </p>
        <VideoStatus movie={movie} />
        <div className="flex flex-wrap items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={t('admin.editTitle', { title: movie.title })}>
            <Pencil aria-hidden="true" /> {t('admin.edit')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={t('admin.deleteTitle', { title: movie.title })}>
            <Trash2 aria-hidden="true" /> {t('admin.delete')}
          </Button>
          {movie.video && (
            <Button variant="ghost" size="sm" onClick={() => setCaptions(true)} aria-label={t('admin.captionsFor', { title: movie.title })}>
              <Captions aria-hidden="true" /> {t('admin.captions')}
            </Button>
          )}
          {canUpload && (
            <label htmlFor={inputId} className="cursor-pointer px-2 text-sm font-medium text-primary hover:underline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
              {movie.video?.status === 'uploading' ? t('admin.resumeUpload') : t('admin.uploadVideo')}
              <input
                id={inputId}
                type="file"
                accept="video/*"
                className="sr-only"
                aria-label={t(movie.video?.status === 'uploading' ? 'admin.resumeUploadFor' : 'admin.uploadVideoFor', { title: movie.title })}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  const problem = checkVideoFile(file);
                  if (problem) return toastFileProblem(t, problem);
                  uploadStore().add({ kind: 'movie', id: movie.id }, movie.title, file);
                }}
              />
            </label>
          )}
        </div>
      </div>
      {editing && <MovieEditDialog movie={movie} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.deleteMovieTitle', { title: movie.title })}
        description={t('admin.deleteMovieText')}
        confirmLabel={t('admin.delete')}
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
      />
      {captions && movie.video && <CaptionsDialog videoId={movie.video.id} title={movie.title} onClose={() => setCaptions(false)} />}
    </article>
  );
}
