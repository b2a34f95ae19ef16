/**
 * The input guard: one `preValidation` hook, before any route's zod schema runs, that refuses what no stored or
 * searched text may hold. It walks the parsed body, the query string and the URL parameters (iteratively, so a
 * body nested 10,000 levels deep costs a loop, not the stack) and answers 400 `validation_failed` with
 * `details.fields: [{ field: 'body.title', message }]` (the shape of plugins/errors.ts) when
 * - a string or an object key holds a C0 control character other than tab, line feed and carriage return
 *   (U+0000-U+0008, U+000B, U+000C, U+000E-U+001F). PostgreSQL `text` cannot hold U+0000 at all (PostgreSQL
 *   manual, "Character Types"); the other C0 characters are never typed by people and only smuggle (OWASP Input
 *   Validation Cheat Sheet, "allow-list validation"). Tab and line ends stay allowed: descriptions and messages
 *   are multi-line text;
 * - the route declares an object body (a zod object schema) and the JSON body is `null`, an array or a scalar:
 *   answered here as `body: Expected an object`, before any code reads a property of it.
 * Field names follow the error handler: `body.`, `querystring.`, `params.` + the dotted path (array items by index).
 * Headers are not walked: Node refuses control characters in them already; values a route decodes from a
 * header (tus Upload-Metadata) are checked by that route with `controlCharacterAt`. Raw bodies a route parses
 * itself (a caption file as text, a payment callback, image bytes) are left to that route's own checks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldIssue } from '../../shared/contracts/errors.js';
import { AppError } from '../lib/app-error.js';

/** C0 control characters refused in text: all but tab (U+0009), line feed (U+000A) and carriage return (U+000D). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
export const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** The message a refused string gets. */
export const CONTROL_MESSAGE = 'Control characters (such as U+0000) are not allowed';

/**
 * The dotted path (below `root`) of the first string or object key in `value` holding a forbidden control
 * character, or null when there is none. `root` is the field prefix (e.g. `body`). Iterative: any depth.
 */
export function controlCharacterAt(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (FORBIDDEN_CONTROL.test(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}.${i}`]);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        if (FORBIDDEN_CONTROL.test(k)) return path;
        stack.push([child, `${path}.${k}`]);
      }
    }
  }
  return null;
}

/** 400 `validation_failed` naming one field, in the error handler's shape (plugins/errors.ts). */
export function fieldRefused(field: string, message = CONTROL_MESSAGE): AppError {
  const fields: FieldIssue[] = [{ field, message }];
  return new AppError(400, 'validation_failed', `${field}: ${message}`, { fields });
}

/** Whether a route's body schema is a zod object (zod 4 keeps the kind in `_zod.def.type`). */
function expectsObject(schema: unknown): boolean {
  const def = (schema as { _zod?: { def?: { type?: string; in?: unknown } } } | undefined)?._zod?.def;
  if (!def) return false;
  // A pipe (`.transform`, `.pipe`) takes what its input side takes.
  if (def.type === 'pipe') return expectsObject(def.in);
  return def.type === 'object';
}

/** Checks one request as the file comment says; throws 400 `validation_failed` naming the field. */
export function guardInput(request: FastifyRequest): void {
  const bodySchema = request.routeOptions.schema?.body;
  const body = request.body;
  if (expectsObject(bodySchema) && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw fieldRefused('body', 'Expected an object');
  }
  for (const [root, value] of [
    ['params', request.params],
    ['querystring', request.query],
    // Bodies a route reads itself (caption files, payment callbacks, images: strings and buffers) are that route's to check.
    ['body', typeof body === 'object' && !Buffer.isBuffer(body) ? body : null],
  ] as const) {
    const at = controlCharacterAt(value, root);
    if (at) throw fieldRefused(at, CONTROL_MESSAGE);
  }
}

/** Registers the guard on every route declared after it (call before the routes). */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => guardInput(request));
}
