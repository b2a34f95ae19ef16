/** Integer RWF with the grouping of the current language, e.g. "7,000 RWF" (en), "7 000 RWF" (fr). */
export function formatRwf(amount: number, language: string): string {
  let formatted: string;
  try {
    formatted = new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(amount);
  } catch {
    formatted = new Intl.NumberFormat('en').format(amount);
  }
  return `${formatted} RWF`;
}
