import { useTranslation } from 'react-i18next';
import type { AdminMovie } from '../../../../shared/contracts/catalog';
import { formatDuration } from '../../../../shared/domain/duration';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { startUpload, type UploadItem } from '../hooks/use-uploads';
import { toastFileProblem } from './file-problem-toast';
import { checkVideoFile } from './video-file';
import { VideoStatus } from './video-status';

/** Every movie with its video state; a movie without a finished upload can get one (a reload resumes it). */
export function AdminMovieList({ movies, uploads }: { movies: AdminMovie[]; uploads: UploadItem[] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.movies', { count: movies.length })}</CardTitle>
      </CardHeader>
      <CardContent>
        {movies.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.noMovies')}</p>
        ) : (
          <ul className="divide-y">
            {movies.map((movie) => {
              const active = uploads.some((u) => u.movieId === movie.id && u.state !== 'error');
              const canUpload = !active && (movie.video == null || movie.video.status === 'uploading' || movie.video.status === 'failed');
              const inputId = `upload-${movie.id}`;
              return (
                <li key={movie.id} className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="admin-movie-row" data-video-status={movie.video?.status ?? 'none'}>
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="truncate">{movie.title}</span>
                      <Badge variant="secondary">{movie.category}</Badge>
                      {movie.isDemo && <Badge variant="warning">{t('catalog.demo')}</Badge>}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {[movie.director, movie.year, formatDuration(movie.durationSeconds)].filter(Boolean).join(' · ')}
                    </p>
                  </div>
                  <div className="grid gap-2 sm:justify-items-end">
                    <VideoStatus movie={movie} />
                    {canUpload && (
                      <label htmlFor={inputId} className="cursor-pointer text-sm font-medium text-primary hover:underline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
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
                            startUpload(movie.id, movie.title, file);
                          }}
                        />
                      </label>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
