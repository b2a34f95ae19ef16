import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useAdminMovies } from '../api/get-admin-movies';
import { AdminMovieList } from '../components/admin-movie-list';
import { NewMovieForm } from '../components/new-movie-form';
import { UploadList } from '../components/upload-list';
import { awaitingServer } from '../components/video-state';
import { useUploads } from '../hooks/use-uploads';

/** /super-panel-2025: new movie with its video upload, the uploads of this tab, and every movie's video state. */
export function AdminPanelPage({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const uploads = useUploads();
  const movies = useAdminMovies({
    waiting: (items) => uploads.some((u) => awaitingServer(u, items.find((m) => m.id === u.movieId))),
  });

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">{t('admin.welcome', { email: user.email })}</h1>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          {t('admin.roleLabel')}: <span data-testid="admin-role">{user.role}</span>
          {user.role === 'super_admin' && <Badge>{t('admin.superAdminAccess')}</Badge>}
        </p>
      </header>
      <NewMovieForm />
      <UploadList items={uploads} movies={movies.data ?? []} />
      {movies.isPending ? (
        <Spinner label={t('admin.loading')} showLabel />
      ) : movies.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-xl border p-6 text-center">
          <p className="font-semibold">{t('admin.loadFailed')}</p>
          <p className="text-sm text-muted-foreground">{errorMessage(t, movies.error)}</p>
          <Button variant="outline" onClick={() => void movies.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <AdminMovieList movies={movies.data} uploads={uploads} />
      )}
    </div>
  );
}

export default AdminPanelPage;
