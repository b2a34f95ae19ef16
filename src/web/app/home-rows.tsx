import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { useMe } from '../features/accounts/api/get-me';
import { useHome } from '../features/catalog/api/get-home';
import { LoadError } from '../features/catalog/components/load-error';
import { MovieSection } from '../features/catalog/components/movie-section';
import { ContinueWatchingRow } from '../features/player/components/continue-watching-row';
import { HomeFeatures, HomeStats, HomeTestimonials } from './home-marketing';

/**
 * The rows of / below the hero (Continue Watching, Recently Added, Popular, New Series, stats, feature cards,
 * testimonials, the call to sign up). A chunk of its own, loaded while GET /api/home is on its way, so the
 * first paint of / needs only the hero (ADR 012: first-paint JavaScript budget).
 */
export default function HomeRows() {
  const { t } = useTranslation();
  const me = useMe();
  const home = useHome();
  const signedOut = me.isSuccess && !me.data.user;
  const signedIn = !!me.data?.user;
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-6xl gap-12 px-4">
      <ContinueWatchingRow signedIn={signedIn} />
      {home.isError && !home.data ? (
        <LoadError error={home.error} onRetry={() => void home.refetch()} retrying={home.isFetching} />
      ) : (
        <>
          <MovieSection
            title={t('home.recentlyAdded')}
            items={home.data?.recentMovies ?? []}
            loading={home.isPending}
            linkTo="/movies"
            emptyText={t('catalog.noMoviesYet')}
            watchlist={signedIn}
            eager
          />
          <MovieSection
            title={t('home.popular')}
            items={home.data?.popularMovies ?? []}
            loading={home.isPending}
            linkTo="/movies"
            emptyText={t('catalog.noMoviesYet')}
            watchlist={signedIn}
          />
          <MovieSection
            title={t('home.newSeries')}
            items={home.data?.newSeries ?? []}
            loading={home.isPending}
            linkTo="/movies?tab=series"
            emptyText={t('catalog.noSeriesYet')}
            watchlist={signedIn}
          />
        </>
      )}

      <HomeStats />
      <HomeFeatures />
      <HomeTestimonials />

      {signedOut && (
        <section className="grid justify-items-center gap-4 rounded-2xl bg-primary/10 px-4 py-10 text-center">
          <h2 className="text-2xl font-bold">{t('home.ctaTitle')}</h2>
          <p className="max-w-xl text-muted-foreground">{t('home.ctaText')}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/register">{t('home.ctaRegister')}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/login">{t('home.ctaLogin')}</Link>
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
