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
