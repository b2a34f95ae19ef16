import { describe, expect, it } from 'vitest';
import { OPERATORS } from '../../../shared/domain/operators.js';
import { PAYMENT_OPERATORS } from './operators.js';

describe('the payment operators declared by their providers (ADR 041)', () => {
  it('names every operator of the shared list once, in its order', () => {
    expect(PAYMENT_OPERATORS.map((d) => d.id)).toEqual([...OPERATORS]);
  });

  it('declares distinct environment variables, and requires only variables it reads', () => {
    const names = PAYMENT_OPERATORS.flatMap((d) => Object.keys(d.env));
    expect(new Set(names).size).toBe(names.length);
    for (const d of PAYMENT_OPERATORS) for (const r of d.required) expect(Object.keys(d.env)).toContain(r.name);
  });
});
