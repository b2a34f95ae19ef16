import { ArrowLeft, ChevronDown, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { MovieFull } from '../../../shared/contracts/browse';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useCatalogPage } from '../../features/catalog/api/get-catalog-page';
import { useMovie } from '../../features/catalog/api/get-movie';
import { DetailSkeleton } from '../../features/catalog/components/detail-skeleton';
import { LoadError } from '../../features/catalog/components/load-error';
import { CreditList } from '../../features/catalog/components/movie-details';
import { MovieGrid } from '../../features/catalog/components/movie-grid';
import { MovieMeta } from '../../features/catalog/components/movie-meta';
import { MovieNotFound } from '../../features/catalog/components/movie-not-found';
import { DownloadButton } from '../../features/player/components/download-button';
import { PartsSideList, type SidePart } from '../../features/player/components/parts-side-list';
import { Playback } from '../../features/player/components/playback';
import { ShareButton } from '../../features/player/components/share-button';
import { UpNext } from '../../features/player/components/up-next';
import { prestartPlayback } from '../../features/player/hooks/use-signed-playback';
import { nextPart } from '../../features/player/lib/next-item';
import { isNotFound } from '../../lib/api-client';
import { categoryLabel } from '../../lib/category-label';
import { cn } from '../../lib/cn';

/** Related titles on the player page (docs/product/viewer.md §9: "Related: ... 5 on player"). */
export const PLAYER_RELATED = 5;
/** Descriptions longer than this get Show more / Show less on small screens. */
const LONG_DESCRIPTION = 180;

/**
 * What the page plays, from the movie and `?part=`: the movie's own parts (movie_parts) when it has them, else
 * the movies of its group. `parts` of the API is one or the other: a group lists the movie itself.
 */
export function playerPlan(movie: Pick<MovieFull, 'id' | 'parts' | 'videoStatus'>, partParam: string | null) {
  const isGroup = movie.parts.some((p) => p.id === movie.id);
  const ownParts = isGroup ? [] : movie.parts;
  const groupParts = isGroup ? movie.parts : [];
  let currentPartId: string | null = null;
  if (ownParts.length > 0) {
    if (partParam && ownParts.some((p) => p.id === partParam)) currentPartId = partParam;
    // A movie with parts but no video of its own plays its first part.
    else if (movie.videoStatus === null) currentPartId = [...ownParts].sort((a, b) => a.partNumber - b.partNumber)[0]!.id;
  }
  const current = currentPartId ? ownParts.find((p) => p.id === currentPartId) : groupParts.find((p) => p.id === movie.id);
  const hrefOf = (kind: 'own' | 'group', id: string) => (kind === 'own' ? `/player/${movie.id}?part=${id}` : `/player/${id}`);
  const next = nextPart({ movieId: movie.id, currentPartId, ownParts, groupParts });
  const side: SidePart[] = (ownParts.length ? ownParts : groupParts).map((p) => ({
    id: p.id,
    partNumber: p.partNumber,
    title: p.title,
    durationSeconds: p.durationSeconds,
    href: hrefOf(ownParts.length ? 'own' : 'group', p.id),
    current: p.id === (currentPartId ?? movie.id),
  }));
  return {
    source: { id: movie.id, ...(currentPartId ? { partId: currentPartId } : {}) },
    current: current ?? null,
    next: next ? { ...next.part, href: hrefOf(next.kind, next.part.id) } : null,
    side,
  };
}

function Description({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_DESCRIPTION;
  return (
    <div className="grid justify-items-start gap-1">
      <p id="player-description" className={cn('whitespace-pre-line leading-relaxed text-muted-foreground', long && !open && 'line-clamp-3 md:line-clamp-none')}>
        {text}
      </p>
      {long && (
        <button type="button" className="text-sm font-medium text-primary hover:underline md:hidden" aria-expanded={open} aria-controls="player-description" onClick={() => setOpen((o) => !o)}>
          {open ? t('player.showLess') : t('player.showMore')}
        </button>
      )}
    </div>
  );
}

function RelatedPanel({ movie, excludeIds }: { movie: MovieFull; excludeIds: Set<string> }) {
  const { t } = useTranslation();
  // Open from the start on wide screens; on phones it waits to be opened, so it costs no data until then.
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 768px)').matches === true);
  const page = useCatalogPage({ tab: 'movies', sort: 'newest', page: 1, q: '', category: open ? movie.category : '', translator: '' });
  const items = open ? (page.data?.items ?? []).filter((i) => i.kind !== 'series' && !excludeIds.has(i.id)).slice(0, PLAYER_RELATED) : [];
  if (!movie.category) return null;
  return (
    <section aria-labelledby="player-related" className="grid gap-3 rounded-xl border p-3">
      <h2 id="player-related">
        <button type="button" className="flex w-full items-center justify-between gap-2 text-left text-lg font-semibold" aria-expanded={open} aria-controls="player-related-list" onClick={() => setOpen((o) => !o)}>
          {t('player.related')}
          <ChevronDown className={cn('size-5 transition', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </h2>
      {open && (
        <div id="player-related-list">
          {page.isPending ? (
            <Spinner label={t('common.loading')} />
          ) : items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('player.noRelated')}</p>
          ) : (
            <MovieGrid items={items} className="grid-cols-2 sm:grid-cols-3 md:grid-cols-5 lg:grid-cols-5" />
          )}
        </div>
      )}
    </section>
  );
}

/**
 * /player/:id?part=: Back to Details, title, part badge, Next Part, the player, description (Show more on small
 * screens), year, duration, rating, director, cast, the side list of parts and the collapsible related panel
 * (docs/product/viewer.md §2). Not found: Back to Movies and Go to Home. The app layer composes the catalogue's
 * pieces and the player feature.
 */
export function PlayerRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const movie = useMovie(id);
  const partParam = search.get('part');
  // The signed URL is asked for beside the film's details, not after them (one round trip less before the picture).
  useEffect(() => {
    if (id) prestartPlayback({ id, ...(partParam ? { partId: partParam } : {}) });
  }, [id, partParam]);
  const plan = useMemo(() => (movie.data ? playerPlan(movie.data, partParam) : null), [movie.data, partParam]);
  const nextHref = plan?.next?.href;
  const goNext = useCallback(() => nextHref && navigate(nextHref), [nextHref, navigate]);
  const key = `${id}:${partParam ?? ''}`;
  // Which video ended; moving to another part forgets it.
  const [endedKey, setEndedKey] = useState<string | null>(null);
  const ended = endedKey === key;

  if (movie.isError && isNotFound(movie.error)) return <MovieNotFound showHome />;
  if (movie.isPending) return <DetailSkeleton />;
  if (movie.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <LoadError error={movie.error} title={t('catalog.movieLoadFailed')} onRetry={() => void movie.refetch()} retrying={movie.isFetching} />
      </div>
    );
  }
  const m = movie.data;
  const p = plan!;
  const description = m.fullDescription || m.description;
  const playingTitle = p.current && p.current.id !== m.id ? `${m.title} – ${p.current.title}` : m.title;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-4 py-4 sm:px-4">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 sm:px-0">
        <Link to={`/watch/${m.id}`} className="inline-flex w-fit items-center gap-1 rounded text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('player.backToDetails')}
        </Link>
        {p.next && (
          <Button asChild size="sm">
            <Link to={p.next.href}>
              {t('player.nextPart')}
              <ChevronRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 px-4 sm:px-0">
        <h1 className="text-xl font-bold sm:text-2xl">{m.title}</h1>
        {p.current && <Badge data-testid="part-badge">{t('player.partNumber', { number: p.current.partNumber })}</Badge>}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-5">
          <Playback
            key={key}
            source={p.source}
            title={playingTitle}
            poster={m.posterUrl}
            backTo={`/watch/${m.id}`}
            onEnded={() => setEndedKey(key)}
            overlay={ended && p.next ? <UpNext label={t('player.partCode', { number: p.next.partNumber, title: p.next.title })} href={p.next.href} autoplay onGo={goNext} /> : undefined}
          />
          <div className="flex flex-wrap gap-2 px-4 sm:px-0">
            <ShareButton title={playingTitle} />
            <DownloadButton id={p.source.partId ?? p.source.id} />
          </div>
          <section aria-label={t('player.aboutTitle')} className="grid gap-3 px-4 sm:px-0">
            <div className="flex flex-wrap gap-2">{m.category && <Badge variant="secondary">{categoryLabel(t, m.category)}</Badge>}</div>
            <MovieMeta year={m.year} durationSeconds={p.current?.durationSeconds ?? m.durationSeconds} rating={m.rating} className="text-sm" />
            {description && <Description text={description} />}
            <CreditList director={m.director} cast={m.cast} />
          </section>
        </div>
        <aside className="grid content-start gap-4 px-4 sm:px-0">
          <PartsSideList parts={p.side} />
        </aside>
      </div>
      <div className="px-4 sm:px-0">
        <RelatedPanel movie={m} excludeIds={new Set([m.id, ...m.parts.map((x) => x.id)])} />
      </div>
    </div>
  );
}

export default PlayerRoute;
