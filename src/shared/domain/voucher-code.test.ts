import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatVoucherCode,
  makeVoucherCode,
  normaliseVoucherCode,
  parseVoucherCode,
  VOUCHER_ALPHABET,
  VOUCHER_CODE_BITS,
  VOUCHER_CODE_LENGTH,
  voucherCheckCharacter,
} from './voucher-code.js';

const randomCode = fc.array(fc.constantFrom(...VOUCHER_ALPHABET), { minLength: 14, maxLength: 14 }).map((cs) => {
  const chars = cs.join('');
  return chars + voucherCheckCharacter(chars);
});

describe('voucher codes (docs/decisions/042-vouchers.md)', () => {
  it('has 31 characters with none of 0, O, 1, I or l, and at least 60 bits of randomness', () => {
    expect(VOUCHER_ALPHABET).toHaveLength(31);
    expect(new Set(VOUCHER_ALPHABET).size).toBe(31);
    expect(VOUCHER_ALPHABET).not.toMatch(/[0O1IlL]/);
    expect(VOUCHER_CODE_BITS).toBeGreaterThan(69);
  });

  it('writes 10,000 made codes in three groups of five, each different and each passing its check', () => {
    const codes = Array.from({ length: 10_000 }, () => makeVoucherCode(randomInt));
    expect(new Set(codes).size).toBe(10_000);
    for (const c of codes) {
      expect(c).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
      expect(parseVoucherCode(c)).toEqual({ ok: true, code: c.replaceAll('-', '') });
    }
  });

  it('catches every change of one character, at every place, into every other character', () => {
    fc.assert(
      fc.property(randomCode, (code) => {
        for (let i = 0; i < code.length; i++) {
          for (const c of VOUCHER_ALPHABET) {
            if (c === code[i]) continue;
            const typo = code.slice(0, i) + c + code.slice(i + 1);
            expect(parseVoucherCode(typo)).toEqual({ ok: false, problem: 'check' });
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('catches every swap of two neighbouring different characters, the check character included', () => {
    fc.assert(
      fc.property(randomCode, (code) => {
        for (let i = 0; i + 1 < code.length; i++) {
          if (code[i] === code[i + 1]) continue;
          const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
          expect(parseVoucherCode(swapped)).toEqual({ ok: false, problem: 'check' });
        }
      }),
      { numRuns: 500 },
    );
  });

  it('catches every swap of every pair of different characters in the same two places (exhaustively)', () => {
    // The check is linear: a swap at places i, i+1 is caught for every code iff it is for one; every pair, every place.
    const base = '2'.repeat(VOUCHER_CODE_LENGTH - 1);
    for (let i = 0; i + 1 < VOUCHER_CODE_LENGTH - 1; i++) {
      for (const a of VOUCHER_ALPHABET) {
        for (const b of VOUCHER_ALPHABET) {
          if (a === b) continue;
          const chars = base.slice(0, i) + a + b + base.slice(i + 2);
          const code = chars + voucherCheckCharacter(chars);
          const swapped = code.slice(0, i) + b + a + code.slice(i + 2);
          expect(parseVoucherCode(swapped).ok).toBe(false);
        }
      }
    }
  });

  it('reads what a viewer types in any case, with spaces and dashes anywhere', () => {
    const code = makeVoucherCode(randomInt);
    const bare = code.replaceAll('-', '');
    for (const typed of [code.toLowerCase(), ` ${bare.slice(0, 3)} ${bare.slice(3)} `, bare.split('').join('-'), code.replaceAll('-', '\u2013'), code.replaceAll('-', '\t'), fullWidth(code)]) {
      expect(parseVoucherCode(typed)).toEqual({ ok: true, code: bare });
    }
    expect(normaliseVoucherCode('ab-cd ef')).toBe('ABCDEF');
    expect(formatVoucherCode(bare)).toBe(code);
  });

  it('names the problem of what cannot be a code: length first, then characters, then the check', () => {
    const code = makeVoucherCode(randomInt).replaceAll('-', '');
    expect(parseVoucherCode('')).toEqual({ ok: false, problem: 'length' });
    expect(parseVoucherCode(code.slice(1))).toEqual({ ok: false, problem: 'length' });
    expect(parseVoucherCode(`${code}2`)).toEqual({ ok: false, problem: 'length' });
    expect(parseVoucherCode(`0${code.slice(1)}`)).toEqual({ ok: false, problem: 'characters' });
    expect(parseVoucherCode(`O${code.slice(1)}`)).toEqual({ ok: false, problem: 'characters' });
    expect(parseVoucherCode(`${code.slice(0, 14)}!`)).toEqual({ ok: false, problem: 'characters' });
    expect(() => voucherCheckCharacter('ABC1')).toThrow(/not a voucher character/);
  });

  it('never throws on any string, and accepts only what the check accepts', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const r = parseVoucherCode(s);
        if (r.ok) expect(voucherCheckCharacter(r.code.slice(0, -1))).toBe(r.code.at(-1));
      }),
    );
  });
});

/** `s` with its ASCII letters, digits and dashes in their full-width forms (U+FF01 to U+FF5E), as some keyboards type. */
function fullWidth(s: string): string {
  return [...s].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');
}
