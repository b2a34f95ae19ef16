import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';

/** A title that does not exist: message plus Back to Movies (docs/product/viewer.md §2). */
export function MovieNotFound({ showHome = false }: { showHome?: boolean }) {
  const { t } = useTranslation();
  return (
    <NotFoundMessage title={t('catalog.notFoundTitle')} text={t('catalog.notFoundText')}>
      <Button asChild variant="outline">
        <Link to="/movies">{t('catalog.backToMovies')}</Link>
      </Button>
      {showHome && (
        <Button asChild variant="ghost">
          <Link to="/">{t('common.goHome')}</Link>
        </Button>
      )}
    </NotFoundMessage>
  );
}

export function NotFoundMessage({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-16 text-center" data-testid="not-found">
      <h1 className="text-2xl font-bold">{title}</h1>
      {text && <p className="text-muted-foreground">{text}</p>}
      <div className="flex flex-wrap justify-center gap-2">{children}</div>
    </div>
  );
}
