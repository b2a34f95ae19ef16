import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FILM_PART_TEXTS } from '../../../../shared/contracts/admin';
import type { AdminMovie } from '../../../../shared/contracts/catalog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { fieldErrors, isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useFilmPartMutations, useFilmParts } from '../api/film-parts';
import { useAdminMovies } from '../api/get-admin-movies';

const REASON_KEYS: Record<string, string> = Object.fromEntries(Object.entries(FILM_PART_TEXTS).map(([key, text]) => [text, key]));

/**
 * A film's own parts in the movie's edit dialog (docs/decisions/023-playable-titles-and-film-parts.md): the list, each
 * with Remove, and "Add as a part": pick another movie (with a video) and a part number (empty: the next one). The
 * added movie's page then redirects to this film, which plays it at /player/{id}?part={partId}.
 */
export function FilmParts({ movie }: { movie: AdminMovie }) {
  const { t } = useTranslation();
  const parts = useFilmParts(movie.id);
  const movies = useAdminMovies();
  const { attach, detach } = useFilmPartMutations(movie.id);
  const [pick, setPick] = useState('');
  const [number, setNumber] = useState('');
  const taken = new Set((parts.data ?? []).map((p) => p.movieId));
  const options = (movies.data ?? []).filter((m) => m.id !== movie.id && m.video && !taken.has(m.id));

  const failed = (error: unknown) => {
    const field = fieldErrors(error)['body.movieId'];
    const key = field ? REASON_KEYS[field] : isApiError(error, 'conflict') ? 'numberTaken' : undefined;
    toast.error(t('filmParts.addFailed'), { description: key ? t(`filmParts.errors.${key}`) : errorMessage(t, error) });
  };
  async function add(e: FormEvent) {
    e.preventDefault();
    if (!pick) return;
    const n = number.trim() ? Number(number) : undefined;
    if (n !== undefined && (!Number.isInteger(n) || n < 1)) return void toast.error(t('filmParts.addFailed'), { description: t('filmParts.errors.partNumber') });
    try {
      const { part } = await attach.mutateAsync({ movieId: pick, ...(n ? { partNumber: n } : {}) });
      toast.success(t('filmParts.added', { title: part.title, number: part.partNumber }));
      setPick('');
      setNumber('');
    } catch (error) {
      failed(error);
    }
  }

  return (
    <section aria-labelledby="film-parts-heading" className="grid gap-3 border-t pt-4" data-testid="film-parts">
      <div>
        <h3 id="film-parts-heading" className="font-semibold">
          {t('filmParts.heading')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('filmParts.hint')}</p>
      </div>
      {(parts.data ?? []).length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('filmParts.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {parts.data!.map((p) => (
            <li key={p.id} className="flex min-w-0 flex-wrap items-center gap-2 rounded-md border p-2">
              <Badge variant="outline">{t('filmParts.partLabel', { number: p.partNumber })}</Badge>
              <span className="min-w-0 flex-1 truncate text-sm">{p.title}</span>
              {p.videoStatus !== 'ready' && <Badge variant="warning">{t(`availability.${p.videoStatus === 'failed' || !p.videoStatus ? 'notAvailable' : 'notAvailableYet'}`)}</Badge>}
              <Button
                size="sm"
                variant="outline"
                aria-label={t('filmParts.removeTitle', { title: p.title })}
                disabled={detach.isPending}
                onClick={() => detach.mutate(p.id, { onSuccess: () => toast.success(t('filmParts.removed', { title: p.title })), onError: (error) => toast.error(t('filmParts.removeFailed'), { description: errorMessage(t, error) }) })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void add(e)} className="grid gap-2 sm:grid-cols-[1fr_7rem_auto] sm:items-end" aria-label={t('filmParts.add')}>
        <div className="grid min-w-0 gap-1">
          <Label htmlFor="film-part-movie">{t('filmParts.movie')}</Label>
          <select id="film-part-movie" value={pick} onChange={(e) => setPick(e.target.value)} className="h-10 w-full min-w-0 rounded-md border bg-background px-2 text-sm">
            <option value="">{t('filmParts.choose')}</option>
            {options.map((m) => (
              <option key={m.id} value={m.id}>
                {m.title}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="film-part-number">{t('filmParts.partNumber')}</Label>
          <Input id="film-part-number" inputMode="numeric" value={number} onChange={(e) => setNumber(e.target.value)} placeholder={t('filmParts.next')} />
        </div>
        <Button type="submit" disabled={!pick || attach.isPending}>
          {t('filmParts.add')}
        </Button>
      </form>
    </section>
  );
}
