import { describe, expect, it } from 'vitest';
import { operatorOf } from './msisdn.js';
import { COUNTRY_INFO } from './countries.js';
import { allPrefixesText, isOperator, joinWords, OPERATOR_INFO, OPERATOR_LIST, operatorOfMethod, OPERATORS, operatorsIn } from './operators.js';

describe('the operator list (ADR 041)', () => {
  it('has distinct ids and method names, and never shares a prefix between two operators of one country', () => {
    expect(new Set(OPERATORS).size).toBe(OPERATORS.length);
    expect(new Set(OPERATOR_LIST.map((o) => o.method)).size).toBe(OPERATORS.length);
    for (const country of ['RW', 'UG'] as const) {
      const prefixes = operatorsIn(country).flatMap((o) => o.prefixes);
      expect(new Set(prefixes).size).toBe(prefixes.length);
      for (const p of prefixes) expect(p).toMatch(/^07\d$/);
    }
  });

  it('routes every prefix of an operator to that operator, under its country code', () => {
    for (const o of OPERATOR_LIST) for (const p of o.prefixes) expect(operatorOf(`${COUNTRY_INFO[o.country].dialCode}${p.slice(1)}1234567`)).toBe(o.id);
  });

  it('keeps the ids and the order the API and the stored payments use; Uganda\'s operators come after', () => {
    expect(OPERATORS).toEqual(['mtn', 'airtel', 'mtn-ug', 'airtel-ug']);
    expect(OPERATOR_INFO.airtel.prefixes).toEqual(['072', '073']);
    expect(OPERATOR_LIST.map((o) => o.method)).toEqual(['mtn-rw', 'airtel-rw', 'mtn-ug', 'airtel-ug']);
    expect(operatorOfMethod('mtn-rw')).toBe('mtn');
    expect(operatorOfMethod('airtel-ug')).toBe('airtel-ug');
    expect(operatorOfMethod('mtn')).toBeNull();
    expect(OPERATOR_INFO['mtn-ug'].currency).toBe('UGX');
    expect(isOperator('mtn')).toBe(true);
    expect(isOperator('sandbox')).toBe(false);
  });

  it('writes lists as English sentences', () => {
    expect(joinWords([], 'or')).toBe('');
    expect(joinWords(['MTN'], 'or')).toBe('MTN');
    expect(joinWords(['MTN', 'Airtel'], 'or')).toBe('MTN or Airtel');
    expect(joinWords(['a', 'b', 'c'], 'and')).toBe('a, b and c');
    expect(allPrefixesText()).toBe('078, 079, 072 or 073');
    expect(allPrefixesText('UG')).toBe('076, 077, 078, 070, 074 or 075');
  });
});
