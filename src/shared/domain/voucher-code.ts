/**
 * Voucher codes (docs/decisions/042-vouchers.md; docs/product/viewer.md §10): what a code looks like, how what a
 * viewer typed is normalised, and the check character that catches a typo before the server is asked. Pure, shared
 * by the server (which makes and looks up codes) and the web form (which refuses a typo at once).
 *
 * - Alphabet: 31 characters, the digits 2-9 and the capital letters without I, L and O, so no code holds 0/O or
 *   1/I/l. A code is shown in capitals; what is typed is read in any case.
 * - Shape: 14 random characters (14 x log2(31) = 69.4 bits, made by the server from crypto randomness) and one check
 *   character, 15 in all, written in three groups of five: `XXXXX-XXXXX-XXXXX`.
 * - Check character: Damm's algorithm (H. Michael Damm, "Totally anti-symmetric quasigroups for all orders
 *   n ≠ 2, 6", Discrete Mathematics 307 (2007) 715-729) over the quasigroup x∘y = (2x + y) mod 31 of the
 *   alphabet's indices. It is a quasigroup since 2 and 1 are invertible mod 31, and totally anti-symmetric since
 *   (c∘x)∘y − (c∘y)∘x = x − y (mod 31); so every change of one character and every swap of two neighbouring
 *   different characters, the check character included, makes a code whose check fails.
 * - Normalising: Unicode NFKC (full-width letters), capitals, and every space, tab and dash (hyphen-minus, U+2010 to
 *   U+2015, minus sign) dropped, so `abcde fghjk-mnpqr` reads as `ABCDEFGHJKMNPQR`.
 */

/** The characters of a code, in the order of their indices (31: a prime, see the module comment). */
export const VOUCHER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Random characters in a code. */
export const VOUCHER_RANDOM_LENGTH = 14;
/** Characters in a normalised code: the random ones and the check character. */
export const VOUCHER_CODE_LENGTH = VOUCHER_RANDOM_LENGTH + 1;
/** Characters per group in a written code. */
export const VOUCHER_GROUP = 5;
/** Bits of randomness in a code: 14 x log2(31), about 69.4. */
export const VOUCHER_CODE_BITS = VOUCHER_RANDOM_LENGTH * Math.log2(VOUCHER_ALPHABET.length);

const N = VOUCHER_ALPHABET.length;
const INDEX = new Map([...VOUCHER_ALPHABET].map((c, i) => [c, i]));

/** The quasigroup of the check: x∘y = (2x + y) mod 31 (module comment). */
const op = (x: number, y: number) => (2 * x + y) % N;

/** Damm's interim digit after `chars` (each in the alphabet), from 0. */
function interim(chars: string): number {
  let d = 0;
  for (const c of chars) d = op(d, INDEX.get(c)!);
  return d;
}

/**
 * The check character of `chars` (alphabet characters only, normalised): the character y with interim∘y = 0.
 * @throws Error when `chars` holds a character outside the alphabet.
 */
export function voucherCheckCharacter(chars: string): string {
  for (const c of chars) if (!INDEX.has(c)) throw new Error(`not a voucher character: ${JSON.stringify(c)}`);
  return VOUCHER_ALPHABET[(N - ((2 * interim(chars)) % N)) % N]!;
}

/** What a viewer typed, as a candidate code: NFKC, capitals, spaces and dashes dropped (module comment). */
export function normaliseVoucherCode(typed: string): string {
  return typed.normalize('NFKC').toUpperCase().replace(/[\s\-\u2010-\u2015\u2212]/g, '');
}

/** Why a typed code cannot be a code: too short or long, a character outside the alphabet, or the check fails. */
export type VoucherCodeProblem = 'length' | 'characters' | 'check';

/**
 * Reads a typed code: the normalised code (15 alphabet characters whose check holds), or the first problem found,
 * in the order length, characters, check.
 */
export function parseVoucherCode(typed: string): { ok: true; code: string } | { ok: false; problem: VoucherCodeProblem } {
  const code = normaliseVoucherCode(typed);
  if (code.length !== VOUCHER_CODE_LENGTH) return { ok: false, problem: 'length' };
  if (![...code].every((c) => INDEX.has(c))) return { ok: false, problem: 'characters' };
  if (interim(code) !== 0) return { ok: false, problem: 'check' };
  return { ok: true, code };
}

/** A normalised code written for reading: groups of five joined by dashes (`ABCDE-FGHJK-MNPQR`). */
export function formatVoucherCode(code: string): string {
  return (code.match(new RegExp(`.{1,${VOUCHER_GROUP}}`, 'g')) ?? []).join('-');
}

/**
 * A code from `randomIndex`, which must answer a uniformly random whole number in [0, n) (the server gives
 * node:crypto `randomInt`): 14 random characters and the check character, written with `formatVoucherCode`.
 */
export function makeVoucherCode(randomIndex: (n: number) => number): string {
  let chars = '';
  for (let i = 0; i < VOUCHER_RANDOM_LENGTH; i++) chars += VOUCHER_ALPHABET[randomIndex(N)];
  return formatVoucherCode(chars + voucherCheckCharacter(chars));
}
