import { useTranslation } from 'react-i18next';
import type { MovieFull } from '../../../../shared/contracts/browse';
import { Badge } from '../../../components/ui/badge';
import { MovieMeta } from './movie-meta';
import { TranslatorLink } from './translator-link';
import { categoryLabel } from '../../../lib/category-label';

/** Category, title, meta line, full description, director, cast and translator of a movie. */
export function MovieDetails({ movie, headingLevel = 1 }: { movie: MovieFull; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const description = movie.fullDescription || movie.description;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {movie.category && <Badge variant="secondary">{categoryLabel(t, movie.category)}</Badge>}
        {movie.isNew && <Badge>{t('catalog.new')}</Badge>}
        {movie.isDemo && <Badge variant="warning">{t('catalog.demo')}</Badge>}
        {movie.isPremium && <Badge variant="outline">{t('catalog.premium')}</Badge>}
      </div>
      <Heading className="text-2xl font-bold sm:text-3xl">{movie.title}</Heading>
      <MovieMeta year={movie.year} durationSeconds={movie.durationSeconds} rating={movie.rating} className="text-sm" />
      {movie.translator && <TranslatorLink translator={movie.translator} />}
      {description && <p className="whitespace-pre-line leading-relaxed text-muted-foreground">{description}</p>}
      <CreditList director={movie.director} cast={movie.cast} />
    </div>
  );
}

/** Director and cast, as a description list. */
export function CreditList({ director, cast }: { director: string; cast: string[] }) {
  const { t } = useTranslation();
  if (!director && cast.length === 0) return null;
  return (
    <dl className="grid gap-1 text-sm">
      {director && (
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">{t('catalog.director')}:</dt>
          <dd>{director}</dd>
        </div>
      )}
      {cast.length > 0 && (
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">{t('catalog.cast')}:</dt>
          <dd>{cast.join(', ')}</dd>
        </div>
      )}
    </dl>
  );
}
