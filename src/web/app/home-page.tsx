import { Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { useMe } from '../features/accounts/api/get-me';
import { useHome } from '../features/catalog/api/get-home';
import { LoadError } from '../features/catalog/components/load-error';
import { MovieSection } from '../features/catalog/components/movie-section';
import { useErrorToast } from '../features/catalog/hooks/use-error-toast';
import { HomeFeatures, HomeStats, HomeTestimonials } from './home-marketing';

/**
 * /: hero, Recently Added Movies, Popular Movies and New Series (4 each, from GET /api/home), stats, feature cards,
 * testimonials, and for signed-out visitors a call to sign up. No splash: the page is there at once and only the
 * rows wait, as skeletons of the cards' shape.
 */
export function HomePage() {
  const { t } = useTranslation();
  const me = useMe();
  const home = useHome();
  const signedOut = me.isSuccess && !me.data.user;
  const signedIn = !!me.data?.user;
  useErrorToast(home.error, t('catalog.loadFailed'));

  return (
    <div className="grid gap-12 pb-12">
      <section className="bg-gradient-to-b from-primary/15 to-transparent">
        <div className="mx-auto grid max-w-6xl gap-5 px-4 py-10 sm:py-20">
          <h1 className="max-w-3xl text-3xl font-extrabold leading-tight sm:text-5xl">{t('home.heroTitle')}</h1>
          <p className="max-w-2xl text-base text-muted-foreground sm:text-lg">{t('home.heroText')}</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/movies">
                <Play aria-hidden="true" />
                {t('home.browse')}
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/subscribe">{t('home.seePlans')}</Link>
            </Button>
          </div>
        </div>
      </section>

      <div className="mx-auto grid w-full grid-cols-1 max-w-6xl gap-12 px-4">
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
    </div>
  );
}
