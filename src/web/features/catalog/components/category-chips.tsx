import { useTranslation } from 'react-i18next';
import { categoryLabel } from '../../../lib/category-label';
import { cn } from '../../../lib/cn';

/**
 * "All" plus the tab's categories, as toggle buttons, named in the interface language (category-label.ts; the
 * filter keeps the stored value); the row scrolls sideways on a phone.
 */
export function CategoryChips({ categories, value, onChange }: { categories: string[]; value: string; onChange: (category: string) => void }) {
  const { t } = useTranslation();
  const all = value === '' ? [] : [value];
  // A category from a shared link stays selectable even before (or without) the list answering with it.
  const shown = [...new Set([...categories, ...all])];
  const chip = (label: string, category: string) => {
    const pressed = value === category;
    return (
      <li key={category || '*'} className="shrink-0">
        <button
          type="button"
          aria-pressed={pressed}
          onClick={() => onChange(category)}
          className={cn(
            'h-9 rounded-full border px-4 text-sm font-medium capitalize transition',
            pressed ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
          )}
        >
          {label}
        </button>
      </li>
    );
  };
  return (
    <ul aria-label={t('catalog.categoriesLabel')} className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
      {chip(t('catalog.allCategories'), '')}
      {shown.map((c) => chip(categoryLabel(t, c), c))}
    </ul>
  );
}
