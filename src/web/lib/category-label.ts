import type { TFunction } from 'i18next';

/**
 * The name of a category in the interface language (design guide "every visible string translated"). Categories are
 * stored as the admin typed them (docs/product/admin.md §3: a dropdown of action, comedy, drama, horror, sci-fi,
 * thriller, documentary, or free text in the new-movie form); the known ones, in any case and spacing, are shown
 * from `categoryNames.*` in the locale files, any other as stored. Filters keep the stored value.
 */
export function categoryLabel(t: TFunction, category: string): string {
  const key = category.trim().toLowerCase().replace(/\s+/g, '-');
  return t(`categoryNames.${key}`, { defaultValue: category });
}
