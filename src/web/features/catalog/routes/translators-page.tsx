import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Input } from '../../../components/ui/input';
import { useTranslators } from '../api/get-translators';
import { LoadError } from '../components/load-error';
import { TranslatorAvatar } from '../components/translator-avatar';
import { useErrorToast } from '../hooks/use-error-toast';

/** Case- and accent-insensitive match on the name ("Gaheza" finds "Gahéza"). */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** /translators: every translator with their number of titles, filtered by name as the viewer types. */
export function TranslatorsPage() {
  const { t } = useTranslation();
  const translators = useTranslators();
  const [filter, setFilter] = useState('');
  useErrorToast(translators.error, t('translators.loadFailed'));
  const shown = useMemo(() => {
    const q = fold(filter.trim());
    return (translators.data ?? []).filter((tr) => !q || fold(tr.name).includes(q));
  }, [translators.data, filter]);

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-5xl gap-5 px-4 py-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('translators.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('translators.subtitle')}</p>
      </div>
      <div className="grid gap-1 sm:max-w-sm">
        <label htmlFor="translator-filter" className="text-xs font-medium text-muted-foreground">
          {t('translators.filterLabel')}
        </label>
        <Input id="translator-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t('translators.filterPlaceholder')} autoComplete="off" />
      </div>
      {translators.isPending ? (
        <ul className="grid gap-3 sm:grid-cols-2" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="h-28 animate-pulse rounded-xl border bg-muted" />
          ))}
        </ul>
      ) : translators.isError ? (
        <LoadError error={translators.error} title={t('translators.loadFailed')} onRetry={() => void translators.refetch()} retrying={translators.isFetching} />
      ) : shown.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground" data-testid="translators-empty">
          {filter.trim() ? t('translators.noMatch') : t('translators.none')}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="translator-list">
          {shown.map((tr) => (
            <li key={tr.id} className="relative flex gap-4 rounded-xl border bg-card p-4 transition hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring">
              <TranslatorAvatar name={tr.name} photoUrl={tr.photoUrl} />
              <div className="grid min-w-0 content-start gap-1">
                <h2 className="font-semibold">
                  <Link to={`/translators/${encodeURIComponent(tr.slug)}`} className="outline-none after:absolute after:inset-0 after:content-['']">
                    {tr.name}
                  </Link>
                </h2>
                <p className="text-xs font-medium text-primary">{t('translators.titleCount', { count: tr.titles })}</p>
                {tr.bio && <p className="line-clamp-3 text-sm text-muted-foreground">{tr.bio}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default TranslatorsPage;
