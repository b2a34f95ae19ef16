/**
 * The Rights section's form rules (docs/product/admin.md §13; ADR 050), pure so they are tested alone: percents as
 * typed (up to 2 decimals) to basis points, the total, instants between ISO strings and `datetime-local` values (the
 * admin's local time), and the countries field.
 */
import type { RightsHolderInput, TitleRights } from '../../../../shared/contracts/rights';
import { isCountryCode } from '../../../../shared/contracts/rights';
import { SHARES_TOTAL_BP } from '../../../../shared/domain/licence';

/** One holder row as the form holds it: the percent as typed. */
export interface HolderRow {
  kind: 'operator' | 'translator' | 'party';
  translatorId: string;
  partyId: string;
  name: string;
  percent: string;
}

/** Basis points of a typed percent ("12.5" → 1250), or null when it is not 0.01..100 with up to 2 decimals. */
export function percentToBp(percent: string): number | null {
  const p = percent.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(p)) return null;
  const bp = Math.round(Number(p) * 100);
  return bp >= 1 && bp <= SHARES_TOTAL_BP ? bp : null;
}
/** "12.5" from 1250. */
export const bpToPercent = (bp: number) => String(bp / 100);

/** The rows' total in basis points (rows that do not parse count 0). */
export const totalBp = (rows: HolderRow[]) => rows.reduce((s, r) => s + (percentToBp(r.percent) ?? 0), 0);

/** The form's rows from a title's rights. */
export function rowsOf(r: TitleRights): HolderRow[] {
  return r.holders.map((h) => ({ kind: h.kind, translatorId: h.translatorId ?? '', partyId: h.partyId ?? '', name: h.name ?? '', percent: bpToPercent(h.shareBp) }));
}

/** The holders to send, or the i18n key (under admin.rights) of the first problem. */
export function holdersOf(rows: HolderRow[]): RightsHolderInput[] | 'percentInvalid' | 'sharesTotal' | 'holderMissing' {
  const out: RightsHolderInput[] = [];
  for (const r of rows) {
    const shareBp = percentToBp(r.percent);
    if (shareBp === null) return 'percentInvalid';
    if (r.kind === 'operator') out.push({ kind: 'operator', shareBp });
    else if (r.kind === 'translator') {
      if (!r.translatorId) return 'holderMissing';
      out.push({ kind: 'translator', translatorId: r.translatorId, shareBp });
    } else if (r.partyId) out.push({ kind: 'party', partyId: r.partyId, shareBp });
    else if (r.name.trim()) out.push({ kind: 'party', name: r.name.trim(), shareBp });
    else return 'holderMissing';
  }
  if (!out.length || out.reduce((s, h) => s + h.shareBp, 0) !== SHARES_TOTAL_BP) return 'sharesTotal';
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A `datetime-local` value (local time, minutes) of an ISO instant; '' for null. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** The ISO instant of a `datetime-local` value (read in local time); null for '' or a value that does not parse. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** "RW, ug" → ['RW', 'UG']; null when empty or a code is not a country. */
export function countriesOf(text: string): string[] | null {
  const codes = text.split(/[\s,;]+/).map((c) => c.trim().toUpperCase()).filter(Boolean);
  return codes.length && codes.every(isCountryCode) ? [...new Set(codes)].sort() : null;
}

/** What the Rights fields hold, as typed: the holder rows, the window as `datetime-local` values, every country or a list. */
export interface RightsDraft {
  rows: HolderRow[];
  start: string;
  end: string;
  everywhere: boolean;
  countries: string;
}
/** The parts of a record an admin may change; the create forms send only the changed ones (ADR 056). */
export type RightsPart = 'holders' | 'licenceStart' | 'licenceEnd' | 'countries';
/** A problem per part: an i18n key under `admin.rights`. */
export type RightsErrors = Partial<Record<RightsPart, string>>;
/** A whole record to send, instants as ISO strings (PUT /api/admin/rights/:titleId). */
export interface RightsRecord {
  holders: RightsHolderInput[];
  licenceStart: string;
  licenceEnd: string | null;
  countries: string[] | 'everywhere';
}

/** The draft of a stored record (the edit dialogs). */
export function draftOf(r: TitleRights): RightsDraft {
  return { rows: rowsOf(r), start: toLocalInput(r.licenceStart), end: toLocalInput(r.licenceEnd), everywhere: r.countries === null, countries: (r.countries ?? []).join(', ') };
}

/**
 * What the server gives a new title when the form sends no rights (ADR 050): the chosen translator (`translatorId`,
 * '' for none), else the operator, as sole holder; a licence from `now` (shown to the minute), no end, every country.
 */
export function newTitleDraft(translatorId: string, now: Date): RightsDraft {
  return { rows: defaultRows(translatorId), start: toLocalInput(now.toISOString()), end: '', everywhere: true, countries: '' };
}
/** The sole holder of a new title: its translator, else the operator, at 100 %. */
export const defaultRows = (translatorId: string): HolderRow[] => [{ kind: translatorId ? 'translator' : 'operator', translatorId, partyId: '', name: '', percent: '100' }];

/**
 * Checks every part of a draft at once (docs/product/admin.md §13): the holders (named, each 0.01-100 %, adding up to
 * 100 %), a start, an end after the start, and the countries (ISO codes) unless every country.
 * @returns the record, or a problem per part (i18n keys under admin.rights)
 */
export function checkRights(d: RightsDraft): { ok: true; record: RightsRecord } | { ok: false; errors: RightsErrors } {
  const errors: RightsErrors = {};
  const holders = holdersOf(d.rows);
  if (typeof holders === 'string') errors.holders = holders;
  const licenceStart = fromLocalInput(d.start);
  if (!licenceStart) errors.licenceStart = 'startRequired';
  const licenceEnd = fromLocalInput(d.end);
  if (licenceStart && licenceEnd && licenceEnd <= licenceStart) errors.licenceEnd = 'endBeforeStart';
  const countries = d.everywhere ? 'everywhere' : countriesOf(d.countries);
  if (!countries) errors.countries = 'countriesInvalid';
  if (typeof holders === 'string' || !licenceStart || !countries || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, record: { holders, licenceStart, licenceEnd, countries } };
}

/**
 * The optional `rights` of a create body (POST /api/admin/movies/form, /api/admin/series; ADR 050, ADR 056): only
 * the parts in `changed`, so a part left alone takes the server's default (the translator chosen when the title is
 * saved, the server's own clock for the start); undefined when nothing changed. Every part is still checked, so a
 * changed end before the shown start is refused here.
 */
export function createRightsOf(d: RightsDraft, changed: ReadonlySet<RightsPart>): { ok: true; rights: Partial<RightsRecord> | undefined } | { ok: false; errors: RightsErrors } {
  const checked = checkRights(d);
  if (!checked.ok) return checked;
  if (changed.size === 0) return { ok: true, rights: undefined };
  const rights: Partial<RightsRecord> = {};
  if (changed.has('holders')) rights.holders = checked.record.holders;
  if (changed.has('licenceStart')) rights.licenceStart = checked.record.licenceStart;
  if (changed.has('licenceEnd')) rights.licenceEnd = checked.record.licenceEnd;
  if (changed.has('countries')) rights.countries = checked.record.countries;
  return { ok: true, rights };
}
