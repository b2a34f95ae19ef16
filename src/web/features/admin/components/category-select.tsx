import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { MOVIE_CATEGORIES } from '../../../../shared/contracts/admin';
import { categoryLabel } from '../../../lib/category-label';

/**
 * The category list of every title form, movies and series, adding and editing (docs/product/admin.md §3; ADR 056):
 * MOVIE_CATEGORIES in the interface language, a "Choose a category" entry while empty (`placeholder`), and a stored
 * category that is not in the list (older titles, the API, imports) kept as the first entry so an edit does not
 * change it. Other props go to the `<select>` (id, aria-invalid, aria-describedby, required...).
 */
export function CategorySelect({ value, onValue, placeholder = true, ...props }: { value: string; onValue: (category: string) => void; placeholder?: boolean } & Omit<ComponentProps<'select'>, 'value' | 'onChange'>) {
  const { t } = useTranslation();
  const known = (MOVIE_CATEGORIES as readonly string[]).includes(value) || !value;
  return (
    <select className="h-10 rounded-md border border-input bg-background px-3 text-sm aria-invalid:border-destructive" value={value} onChange={(e) => onValue(e.target.value)} {...props}>
      {placeholder && <option value="">{t('admin.chooseCategory')}</option>}
      {(known ? MOVIE_CATEGORIES : [value, ...MOVIE_CATEGORIES]).map((c) => (
        <option key={c} value={c}>
          {categoryLabel(t, c)}
        </option>
      ))}
    </select>
  );
}
