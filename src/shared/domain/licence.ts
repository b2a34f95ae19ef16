/**
 * The licence rule of a title (docs/decisions/050-rights-and-licences.md; docs/product/admin.md "Rights and
 * licences"). Pure; the facts come from the rights repository.
 *
 * A title may be played (streamed, downloaded, its offline copy checked in) at instant `now` by a viewer whose
 * country is `country` when `licenceStart <= now < licenceEnd` (no end: for ever) and `countries` is null (every
 * country) or lists `country`. A viewer whose country is not known (a card paid in a currency no country of
 * COUNTRY_LIST uses) is refused unless the licence covers every country.
 *
 * Shares are basis points: 10000 = 100 %.
 */
import { COUNTRY_LIST } from './countries.js';

/** The whole of a title: 100 % in basis points. */
export const SHARES_TOTAL_BP = 10_000;

/** Why a title may not be played: the AppError codes of playback (ADR 050). */
export type LicenceRefusal = 'licence_not_started' | 'licence_ended' | 'not_licensed_in_country';

/** A title's licence as stored: instants, and ISO 3166-1 alpha-2 codes (null: every country). */
export interface LicenceWindow {
  licenceStart: Date;
  licenceEnd: Date | null;
  countries: readonly string[] | null;
}

/**
 * `in_force`, or why not: `not_started` (before its start), `ended` (at or after its end), to the millisecond.
 * The country is not looked at (see `licenceRefusal`).
 */
export function licenceState(w: LicenceWindow, now: Date): 'in_force' | 'not_started' | 'ended' {
  if (now.getTime() < w.licenceStart.getTime()) return 'not_started';
  if (w.licenceEnd && now.getTime() >= w.licenceEnd.getTime()) return 'ended';
  return 'in_force';
}

/** Whether a licence covers a viewer's country (null: not known, covered only by a licence for every country). */
export function licensedIn(w: Pick<LicenceWindow, 'countries'>, country: string | null): boolean {
  return w.countries === null || (country !== null && w.countries.includes(country));
}

/** Why a viewer in `country` may not play the title at `now`, or null when they may (see the file comment). */
export function licenceRefusal(w: LicenceWindow, now: Date, country: string | null): LicenceRefusal | null {
  const state = licenceState(w, now);
  if (state === 'not_started') return 'licence_not_started';
  if (state === 'ended') return 'licence_ended';
  return licensedIn(w, country) ? null : 'not_licensed_in_country';
}

/**
 * The country a payment was made from: the country whose E.164 dial code its MSISDN starts with (mobile money), else
 * the country whose currency it was paid in (a card in RWF or UGX), else null (a card in USD: not known).
 */
export function countryOfPayment(p: { msisdn: string | null; currency: string }): string | null {
  const byNumber = p.msisdn ? COUNTRY_LIST.find((c) => p.msisdn!.replace(/^\+/, '').startsWith(c.dialCode)) : undefined;
  if (byNumber) return byNumber.code;
  return COUNTRY_LIST.find((c) => c.currency === p.currency)?.code ?? null;
}

/** The operator's home country (Rwanda): the country of passes granted, complimentary or from vouchers (ADR 050). */
export const HOME_COUNTRY = 'RW';

/** Whether shares (basis points, each 1..10000) add up to exactly 100 %. */
export function sharesAddUp(sharesBp: readonly number[]): boolean {
  return sharesBp.length > 0 && sharesBp.every((s) => Number.isInteger(s) && s >= 1 && s <= SHARES_TOTAL_BP) && sharesBp.reduce((a, b) => a + b, 0) === SHARES_TOTAL_BP;
}

/** "12.5" from 1250 basis points: a share as a percent, for texts. */
export const percentOf = (bp: number) => String(bp / 100);
