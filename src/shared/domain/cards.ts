/**
 * How a card is named on receipts, billing history and the admin Payments list (docs/decisions/044-card-payments.md):
 * the processor reads back the brand (upper case, e.g. `VISA`, `MASTERCARD`, `AMERICAN EXPRESS`) and the last four
 * digits; screens show "Visa •••• 4242" (the locales' `billing.cardMasked`). Brands are names, not translated; the fallback
 * for none is the caller's (`billing.cardNoBrand`).
 */

/** How card networks write their own names. */
const BRAND_NAMES: Readonly<Record<string, string>> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  'MASTER CARD': 'Mastercard',
  AMEX: 'American Express',
  'AMERICAN EXPRESS': 'American Express',
  VERVE: 'Verve',
  DISCOVER: 'Discover',
  JCB: 'JCB',
  'DINERS CLUB': 'Diners Club',
  UNIONPAY: 'UnionPay',
};

/**
 * The brand as people read it: the network's own spelling for known brands (`MASTERCARD` → `Mastercard`), other
 * words capitalised (`ELO CARD` → `Elo Card`); null for null or blank.
 */
export function cardBrandName(brand: string | null | undefined): string | null {
  const key = brand?.trim().replace(/\s+/g, ' ').toUpperCase() ?? '';
  if (!key) return null;
  return BRAND_NAMES[key] ?? key.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}
