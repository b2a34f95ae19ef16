import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { isNotFound } from '../../../lib/api-client';
import { useTranslator } from '../api/get-translator';
import { LoadError } from '../components/load-error';
import { MovieGrid, MovieGridSkeleton } from '../components/movie-grid';
import { NotFoundMessage } from '../components/movie-not-found';
import { TranslatorAvatar } from '../components/translator-avatar';
import { useErrorToast } from '../hooks/use-error-toast';

/** /translators/:slug: a translator, their story, and every title they translated. */
export function TranslatorPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const query = useTranslator(slug);
  useErrorToast(query.error, t('translators.loadFailed'), isNotFound(query.error));

  const back = (
    <Link to="/translators" className="inline-flex w-fit items-center gap-1 rounded text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('translators.all')}
    </Link>
  );
  if (query.isError && isNotFound(query.error)) {
    return (
      <NotFoundMessage title={t('translators.notFound')} text={t('translators.notFoundText')}>
        <Button asChild variant="outline">
          <Link to="/translators">{t('translators.all')}</Link>
        </Button>
      </NotFoundMessage>
    );
  }
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-7xl gap-6 px-4 py-6">
      {back}
      {query.isPending ? (
        <>
          <div className="flex items-center gap-4" aria-hidden="true">
            <div className="size-20 animate-pulse rounded-full bg-muted" />
            <div className="h-7 w-48 animate-pulse rounded bg-muted" />
          </div>
          <MovieGridSkeleton count={5} />
        </>
      ) : query.isError ? (
        <LoadError error={query.error} title={t('translators.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-4">
            <TranslatorAvatar name={query.data.translator.name} photoUrl={query.data.translator.photoUrl} className="size-20" />
            <div className="grid gap-1">
              <h1 className="text-2xl font-bold sm:text-3xl">{query.data.translator.name}</h1>
              <p className="text-sm font-medium text-primary">{t('translators.titleCount', { count: query.data.items.length })}</p>
            </div>
          </div>
          {query.data.translator.bio && <p className="max-w-3xl whitespace-pre-line leading-relaxed text-muted-foreground">{query.data.translator.bio}</p>}
          <section aria-labelledby="translator-titles" className="grid gap-3">
            <h2 id="translator-titles" className="text-xl font-bold">
              {t('translators.titles')}
            </h2>
            {query.data.items.length === 0 ? (
              <p className="text-muted-foreground">{t('translators.noTitles')}</p>
            ) : (
              <MovieGrid items={query.data.items} eagerCount={4} watchlist />
            )}
          </section>
        </>
      )}
    </div>
  );
}

export default TranslatorPage;
