import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/** One toggle button per season; the row scrolls sideways on a phone. */
export function SeasonPicker({ seasons, value, onChange }: { seasons: number[]; value: number; onChange: (season: number) => void }) {
  const { t } = useTranslation();
  if (seasons.length === 0) return null;
  return (
    <div role="group" aria-label={t('series.seasons')} className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:flex-wrap sm:px-0">
      {seasons.map((n) => (
        <button
          key={n}
          type="button"
          aria-pressed={n === value}
          onClick={() => onChange(n)}
          className={cn(
            'h-10 shrink-0 rounded-full border px-4 text-sm font-medium transition',
            n === value ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
          )}
        >
          {t('series.season', { number: n })}
        </button>
      ))}
    </div>
  );
}
