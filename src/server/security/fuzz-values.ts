/**
 * Value generators of the fuzz suite (fuzz.test.ts), built with fast-check from a route's own zod schemas.
 * - `plausible(schema)`: values shaped as the JSON Schema of a zod schema asks (zod's `z.toJSONSchema`, input
 *   side): enums, ids, bounded numbers, short strings. They pass validation often enough to reach the services and
 *   the database.
 * - `hostile`: what a caller should never send (OWASP Web Security Testing Guide, "Testing for Input Validation"):
 *   C0 control characters (U+0000 above all: PostgreSQL text cannot hold it), lone surrogates, 1 MB and 10 KB
 *   strings, impossible dates, numbers past every column's range, wrong types, nested arrays and objects,
 *   `__proto__` / `constructor` keys, bad and upper-case UUIDs.
 * - `mutated(schema)`: a plausible object with one to three fields replaced by hostile values or extra hostile keys.
 * - `RAW_BODIES`: JSON texts sent as they are (null, scalars, arrays, 10,000 levels of nesting, prototype keys).
 * Every generator is deterministic for a given fast-check seed.
 */
import fc from 'fast-check';
import { z } from 'zod';

/** The subset of JSON Schema (draft 2020-12, as zod writes it) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** The JSON Schema of a zod schema's input, or null when `schema` is not a zod schema or cannot be written as one. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** Keys of the object a schema describes (empty when it is no object). */
export const keysOf = (js: JsonSchema | null): string[] => Object.keys(js?.properties ?? {});

/** Ids of things that exist in the fuzzed app (a movie, a series...), so plausible ids reach real rows. */
export const knownIds: string[] = [];

const DAY = /\\d\{4\}-\\d\{2\}-\\d\{2\}/;

function plausibleString(js: JsonSchema, key: string): fc.Arbitrary<string> {
  if (js.format === 'uuid' || /id$/i.test(key)) return fc.oneof(fc.constantFrom(...(knownIds.length ? knownIds : ['00000000-0000-4000-8000-000000000000'])), fc.uuid({ version: 4 }));
  if (js.format === 'email' || /email/i.test(key)) return fc.emailAddress();
  if (js.pattern && DAY.test(js.pattern)) return fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (/url|trailer/i.test(key)) return fc.constantFrom('https://example.com/a.jpg', '/media/images/00000000-0000-4000-8000-000000000000/640.webp');
  const max = Math.min(js.maxLength ?? 24, 24);
  return fc.string({ minLength: Math.min(js.minLength ?? 0, max), maxLength: max });
}

function plausibleNumber(js: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = js.minimum ?? js.exclusiveMinimum ?? -1000;
  const max = js.maximum ?? js.exclusiveMaximum ?? 1_000_000;
  const edges = fc.constantFrom(min, max);
  return integer ? fc.oneof(edges.map(Math.round), fc.integer({ min: Math.ceil(min), max: Math.floor(max) })) : fc.oneof(edges, fc.double({ min, max, noNaN: true }));
}

/** A value shaped as `js` asks (see the file comment); `key` is the field's name, a hint for strings. */
export function plausible(js: JsonSchema | null, key = '', depth = 0): fc.Arbitrary<unknown> {
  if (!js || depth > 4) return fc.constant('x');
  if (js.const !== undefined) return fc.constant(js.const);
  if (js.enum?.length) return fc.constantFrom(...js.enum);
  const alternatives = js.anyOf ?? js.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => plausible(a, key, depth + 1)));
  if (js.allOf?.length) return plausible(js.allOf[0]!, key, depth + 1);
  const type = [js.type ?? (js.properties ? 'object' : 'string')].flat()[0];
  switch (type) {
    case 'string':
      return plausibleString(js, key);
    case 'integer':
      return plausibleNumber(js, true);
    case 'number':
      return plausibleNumber(js, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(js.items ?? null, key, depth + 1), { maxLength: 3 });
    case 'object': {
      const props = js.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, plausible(v, k, depth + 1)]));
      return fc.record(model, { requiredKeys: (js.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.constant('x');
  }
}

/** About 1 MB of text: at the body limit (1 MiB) once quoted, so some requests pass it and some are refused 413. */
export const BIG = 'a'.repeat(1_048_000);
/** `depth` nested arrays as JSON text, e.g. `[[[]]]` (built as text: JSON.stringify would recurse). */
export const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** `depth` nested objects `{"a":{"a":...}}` as JSON text. */
export const deepObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Strings no field should take whole (see the file comment). */
export const HOSTILE_STRINGS = [
  '\u0000',
  'title\u0000with nul',
  '\u0001\u0002\u0007\u0008\u000b\u000c\u001b[31m\u001f',
  '\ud800',
  'a\udfffb',
  '',
  '   ',
  'x'.repeat(10_000),
  '9999-99-99',
  '2024-02-30',
  '0000-00-00',
  '00000000-0000-0000-0000-00000000000g',
  'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
  '../../../etc/passwd',
  "'; drop table users; --",
  '%00',
  '=HYPERLINK("https://example.com","x")',
  '<script>alert(1)</script>',
  'NaN',
  '-1',
  '1e309',
  '99999999999999999999999',
] as const;

/** Numbers past what fields and columns hold. */
export const HOSTILE_NUMBERS = [1e308, -1e308, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, -1, 0, -0, 0.1, 1e-300, 2.5] as const;

/** An object whose own key is `key` (a literal `{ __proto__: ... }` would set the prototype instead). */
export function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** Any hostile value: strings, numbers, wrong types and nested structures. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], ['\u0000'], { $gt: '' }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constant<unknown>(BIG) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(withOwnKey({}, '__proto__', { polluted: true }), withOwnKey({}, 'constructor', { prototype: { polluted: true } })) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys added beside a schema's own: prototype keys, a NUL key, an unknown key. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'k\u0000ey', 'unknownField'];

/** A plausible object for `js` with one to three fields (its own or extra keys) set to hostile values. */
export function mutated(js: JsonSchema | null): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...keysOf(js), ...EXTRA_KEYS];
  const base = plausible(js && (js.type === 'object' || js.properties) ? js : { type: 'object', properties: {} });
  return fc.tuple(base, fc.array(fc.tuple(fc.constantFrom(...keys), hostile), { minLength: 1, maxLength: 3 })).map(([b, changes]) => {
    const out: Record<string, unknown> = { ...(b as Record<string, unknown>) };
    for (const [k, v] of changes) withOwnKey(out, k, v);
    return out;
  });
}

/** JSON texts sent as the body as they are (see the file comment). */
export const RAW_BODIES = [
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{}',
  '{',
  '{"a":1,}',
  deepArrays(10_000),
  deepObjects(10_000),
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
  '{"title":"nul \\u0000 inside","email":"a\\u0000@example.com"}',
] as const;

/** A query-string value for `value`: strings as they are, arrays item by item, anything else as JSON. */
export function queryValue(value: unknown): string | string[] {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''));
  return JSON.stringify(value) ?? '';
}
