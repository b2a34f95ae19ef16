import { Film, Tv } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import type { Tab } from '../hooks/use-catalog-params';

const TABS: { id: Tab; key: string; Icon: typeof Film }[] = [
  { id: 'movies', key: 'catalog.tabMovies', Icon: Film },
  { id: 'series', key: 'catalog.tabSeries', Icon: Tv },
];

/** Movies | Series, as ARIA tabs: Left and Right move between them (one tab stop). */
export function CatalogTabs({ value, onChange, panelId }: { value: Tab; onChange: (tab: Tab) => void; panelId: string }) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : (i + step + TABS.length) % TABS.length;
    refs.current[next]?.focus();
    onChange(TABS[next]!.id);
  };
  return (
    <div role="tablist" aria-label={t('catalog.tabsLabel')} className="inline-flex h-10 w-full items-center rounded-lg bg-muted p-0.5 sm:w-fit">
      {TABS.map(({ id, key, Icon }, i) => {
        const selected = id === value;
        return (
          <button
            key={id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={cn(
              'inline-flex h-9 min-w-0 flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium transition sm:flex-none',
              selected ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{t(key)}</span>
          </button>
        );
      })}
    </div>
  );
}
