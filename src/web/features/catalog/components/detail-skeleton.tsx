import { useTranslation } from 'react-i18next';

/** The shape of a detail page while it loads: poster box and text lines, announced as loading. */
export function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-5xl gap-6 px-4 py-6" role="status" aria-label={t('common.loading')}>
      <div className="h-4 w-32 animate-pulse rounded bg-muted" />
      <div className="grid gap-6 sm:grid-cols-[minmax(0,240px)_1fr]">
        <div className="mx-auto aspect-[2/3] w-full max-w-[240px] animate-pulse rounded-xl bg-muted" />
        <div className="grid content-start gap-3">
          <div className="h-5 w-24 animate-pulse rounded bg-muted" />
          <div className="h-8 w-3/4 animate-pulse rounded bg-muted" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
          <div className="h-20 w-full animate-pulse rounded bg-muted" />
        </div>
      </div>
    </div>
  );
}
