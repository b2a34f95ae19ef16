import { describe, expect, it } from 'vitest';
import { operatorOf } from './msisdn.js';
import { allPrefixesText, isOperator, joinWords, OPERATOR_INFO, OPERATOR_LIST, OPERATORS } from './operators.js';

describe('the operator list (ADR 041)', () => {
  it('has distinct ids and never shares a prefix between two operators', () => {
    expect(new Set(OPERATORS).size).toBe(OPERATORS.length);
    const prefixes = OPERATOR_LIST.flatMap((o) => o.prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const p of prefixes) expect(p).toMatch(/^07\d$/);
  });

  it('routes every prefix of an operator to that operator', () => {
    for (const o of OPERATOR_LIST) for (const p of o.prefixes) expect(operatorOf(`250${p.slice(1)}1234567`)).toBe(o.id);
  });

  it('keeps the ids and the order the API and the stored payments use', () => {
    expect(OPERATORS).toEqual(['mtn', 'airtel']);
    expect(OPERATOR_INFO.airtel.prefixes).toEqual(['072', '073']);
    expect(isOperator('mtn')).toBe(true);
    expect(isOperator('sandbox')).toBe(false);
  });

  it('writes lists as English sentences', () => {
    expect(joinWords([], 'or')).toBe('');
    expect(joinWords(['MTN'], 'or')).toBe('MTN');
    expect(joinWords(['MTN', 'Airtel'], 'or')).toBe('MTN or Airtel');
    expect(joinWords(['a', 'b', 'c'], 'and')).toBe('a, b and c');
    expect(allPrefixesText()).toBe('078, 079, 072 or 073');
  });
});
