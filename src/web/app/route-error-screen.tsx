import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { logError } from '../lib/error-log';

/**
 * The fallback screen of the error boundary around every route (docs/product/viewer.md §8): "Something went wrong"
 * with Try Again and Go Home. The error is logged as `critical` (kept in browser storage and reported).
 */
export default function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname } = useLocation();
  useEffect(() => {
    logError('critical', error instanceof Error ? error.message : 'Route error', error, pathname);
  }, [error, pathname]);
  return (
    <div role="alert" className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-16 text-center">
      <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('errorBoundary.title')}</h1>
      <p className="text-muted-foreground">{t('errorBoundary.text')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>{t('errorBoundary.tryAgain')}</Button>
        <Button asChild variant="outline">
          <Link to="/" reloadDocument>
            {t('errorBoundary.goHome')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
