import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { cn } from '../../../lib/cn';

/** The page numbers to offer: the first, the last, and the current one with its neighbours; null is a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

const ITEM = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium';

/** Previous, numbered pages and Next, as links (each page has its own URL); on a phone "3 / 12" replaces the numbers. */
export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => To }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const edge = (to: number, label: string, children: ReactNode) =>
    to < 1 || to > pages ? (
      <span className={cn(ITEM, 'pointer-events-none opacity-40')} aria-disabled="true">
        {children}
      </span>
    ) : (
      <Link to={hrefFor(to)} className={cn(ITEM, 'bg-background hover:bg-muted')} aria-label={label} rel={to < page ? 'prev' : 'next'}>
        {children}
      </Link>
    );
  return (
    <nav aria-label={t('catalog.pagination')} className="flex items-center justify-center gap-2">
      {edge(
        page - 1,
        t('catalog.previousPage'),
        <>
          <ChevronLeft className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">{t('catalog.previous')}</span>
        </>,
      )}
      <span className="text-sm text-muted-foreground sm:hidden">{t('catalog.pageOf', { page, pages })}</span>
      <ul className="hidden items-center gap-1 sm:flex">
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('catalog.pageNumber', { page: p })}
                className={cn(ITEM, p === page ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted')}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      {edge(
        page + 1,
        t('catalog.nextPage'),
        <>
          <span className="hidden sm:inline">{t('catalog.next')}</span>
          <ChevronRight className="size-4" aria-hidden="true" />
        </>,
      )}
    </nav>
  );
}
