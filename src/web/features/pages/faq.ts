/** The FAQ's three categories and their questions (docs/product/viewer.md §2 "Help and FAQ"); texts under `pages:help.faq.<category>.<id>.{q,a}`. */
export const FAQ = [
  { id: 'payment', items: ['howPay', 'operators', 'prices', 'notActive', 'charged', 'refund'] },
  { id: 'account', items: ['register', 'devices', 'speed', 'language', 'password', 'delete'] },
  { id: 'trouble', items: ['buffering', 'noVideo', 'passMissing', 'login', 'install'] },
] as const;

/** Case- and accent-insensitive match of every word of `query` in `text` (the live filter of the Help page). */
export function matchesQuery(text: string, query: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const hay = fold(text);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}
