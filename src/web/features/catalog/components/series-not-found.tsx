import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { NotFoundMessage } from './movie-not-found';

/** "Series not found" with a way back to the series (docs/product/viewer.md §2). */
export function SeriesNotFound() {
  const { t } = useTranslation();
  return (
    <NotFoundMessage title={t('series.notFound')} text={t('series.notFoundText')}>
      <Button asChild variant="outline">
        <Link to="/movies?tab=series">{t('series.backToSeries')}</Link>
      </Button>
    </NotFoundMessage>
  );
}
