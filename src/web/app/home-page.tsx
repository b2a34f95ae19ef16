import { Play } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { useHome } from '../features/catalog/api/get-home';
import { useErrorToast } from '../features/catalog/hooks/use-error-toast';

const HomeRows = lazy(() => import('./home-rows'));

/**
 * /: hero, Recently Added Movies, Popular Movies and New Series (4 each, from GET /api/home), stats, feature cards,
 * testimonials, and for signed-out visitors a call to sign up. No splash: the page is there at once and only the
 * rows wait, as skeletons of the cards' shape. The rows are their own chunk (home-rows.tsx); until it arrives a
 * screen-high placeholder holds their place so nothing below moves into view.
 */
export function HomePage() {
  const { t } = useTranslation();
  // Started here, in parallel with the rows' chunk.
  const home = useHome();
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

      <Suspense fallback={<div className="min-h-screen" aria-hidden="true" />}>
        <HomeRows />
      </Suspense>
    </div>
  );
}
