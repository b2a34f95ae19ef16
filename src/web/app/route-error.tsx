import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';

/** The fallback screen of the error boundary (viewer spec section 8): Try Again and Go Home. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div role="alert" className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-16 text-center">
      <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('errorBoundary.title')}</h1>
      <p className="text-muted-foreground">{t('errorBoundary.text')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>{t('errorBoundary.tryAgain')}</Button>
        <Button asChild variant="outline">
          <Link to="/" reloadDocument>
            {t('common.goHome')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
