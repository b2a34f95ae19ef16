/**
 * CSV files the server writes (analytics series, voucher batches): RFC 4180 through csv-stringify, with formulas
 * escaped (OWASP "CSV Injection").
 */
import { stringify } from 'csv-stringify/sync';

/**
 * Cells a spreadsheet would read as a formula: text starting with = + - @, tab or carriage return (and their
 * full-width forms, which some spreadsheets fold), per OWASP "CSV Injection". csv-stringify's `escape_formulas`
 * prefixes such text with a single quote; this pattern also has those cells quoted, as OWASP asks.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Rows as CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote or a line end), written by
 * csv-stringify with formulas escaped (OWASP "CSV Injection"): a text cell beginning with = + - @ tab or CR becomes
 * `"'=..."`, so a title `=HYPERLINK(...)` opens as text. Numbers are written as they are: a negative number stays a
 * number (csv-stringify escapes a leading '-' only in text), and every numeric column written is a count or an amount.
 */
export const toCsv = (header: string[], body: (string | number)[][]): string =>
  stringify([header, ...body], {
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: { string: (value) => (FORMULA_START.test(value) ? { value, quoted: true } : value) },
  });
