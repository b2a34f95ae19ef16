/**
 * Form posts that work before the web app has loaded (docs/decisions/024-forms-before-hydration.md): the sign-in,
 * register and contact forms are real `<form method="post">`s aimed at their JSON routes, so a tap made while the
 * app's JavaScript is still on its way (or never comes) is a plain HTML form submission
 * (`application/x-www-form-urlencoded`, HTML "Form submission algorithm"). The same route, with the same rate
 * limit counter, schema, rules and cookies, answers it with 303 See Other (RFC 9110 section 15.4.4): to the next
 * page on success, back to the form's page with the error code and the typed fields (never a password) on failure.
 *
 * Use: `acceptFormPosts(scope)` in an encapsulated plugin holding only the routes that take forms (the parser is
 * not seen by any other route), then `formErrorHandler(...)` as each such route's `errorHandler`, and
 * `isFormPost(req)` in the handler to choose between the JSON answer and the 303.
 *
 * Cross-site requests: the Origin check (security.ts) runs first and refuses a post from another site (403
 * `bad_origin`, answered as JSON, not redirected). A form post must also prove it comes from this site: with no
 * Origin header (every current browser sends one on a POST), its Referer must name this host; neither is 403.
 * Bodies are capped by the app's 1 MB limit (or the route's own, lower one).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error.js';

export const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * The hook the rate limit of a route taking form posts runs in (@fastify/rate-limit's `hook`, 'onRequest' by
 * default): preValidation, after the body is parsed and before it is validated, so a form sent back with 429
 * `rate_limited` keeps its typed fields like any other failure, and every request is still counted, invalid ones
 * included (docs/decisions/024-forms-before-hydration.md).
 */
export const FORM_RATE_LIMIT_HOOK = 'preValidation';

/** Longest URL a failed form is sent back to; beyond it the longest field (the message) is left out. */
export const MAX_BACK_URL = 4000;

/** Whether `req` carries an HTML form's body (Content-Type application/x-www-form-urlencoded, any parameters). */
export function isFormPost(req: FastifyRequest): boolean {
  return String(req.headers['content-type'] ?? '').toLowerCase().split(';')[0]!.trim() === FORM_TYPE;
}

/**
 * The fields of a form body: each name once (the first value wins, as a repeated name is never sent by our
 * forms). Object.fromEntries makes every name an own property, so `__proto__` cannot reach a prototype.
 */
export function parseFormBody(body: string): Record<string, string> {
  const seen = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(body)) if (!seen.has(k)) seen.set(k, v);
  return Object.fromEntries(seen);
}

/** The fields of each form post as sent, before the route's schema strips what it does not know (`next`). */
const sentFields = new WeakMap<FastifyRequest, Record<string, string>>();

/** The fields of `req`'s form body as sent (see parseFormBody), or null for a request that is no form post. */
export function formFields(req: FastifyRequest): Record<string, string> | null {
  return sentFields.get(req) ?? null;
}

/** Whether a URL's host (Origin or Referer header) is the host the request was sent to. */
function sameHost(url: string | undefined, host: string | undefined): boolean {
  if (!url || !host) return false;
  try {
    const u = new URL(url);
    // Both sides through URL, so a default port written out (`localhost:80`) or left out compares the same.
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host === new URL(`${u.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * Registers, in `scope` only, the parser of `application/x-www-form-urlencoded` bodies (as `parseFormBody`) and
 * the same-site proof of form posts (see the module comment): 403 `bad_origin` when a form post has neither an
 * Origin header (security.ts has already checked one that is present) nor a Referer naming this host.
 */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (req, body, done) => {
    const fields = parseFormBody(String(body));
    sentFields.set(req, fields);
    done(null, { ...fields });
  });
  scope.addHook('onRequest', async (req) => {
    if (!isFormPost(req) || req.headers.origin) return;
    if (!sameHost(req.headers.referer, req.headers.host)) throw new AppError(403, 'bad_origin', 'Requests from another site are not allowed.');
  });
}

/** What a failed form is told: the error code, the seconds to wait for a limit, and the fields found wrong. */
export interface FormFailure {
  code: string;
  retryAfterSeconds?: number;
  fields: string[];
}

/** The field names (without `body.`) of a `validation_failed` error's `details.fields`. */
function fieldNames(details: unknown): string[] {
  const fields = (details as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  return [...new Set(fields.map((f: { field?: unknown }) => (typeof f?.field === 'string' ? f.field.replace(/^body\./, '').split('.')[0]! : '')).filter(Boolean))];
}

/** The failure of `err` in the terms of the JSON error body (plugins/errors.ts); anything unknown is `internal`. */
export function formFailure(err: unknown): FormFailure {
  if (err instanceof AppError) {
    const wait = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    return { code: err.code, ...(typeof wait === 'number' && wait > 0 ? { retryAfterSeconds: Math.ceil(wait) } : {}), fields: fieldNames(err.details) };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    return { code: 'validation_failed', fields: [...new Set(err.validation.map((v) => String(v.instancePath).split('/').filter(Boolean)[0] ?? '').filter(Boolean))] };
  }
  if (err instanceof ZodError) return { code: 'validation_failed', fields: [...new Set(err.issues.map((i) => String(i.path[0] ?? '')).filter(Boolean))] };
  const status = (err as FastifyError).statusCode;
  if (status === 413) return { code: 'payload_too_large', fields: [] };
  if (status && status >= 400 && status < 500) return { code: 'validation_failed', fields: [] };
  return { code: 'internal', fields: [] };
}

/**
 * The URL a failed form goes back to: `page?error=<code>[&retry=<s>][&invalid=a,b]` plus the `keep` fields that
 * were typed (non-empty strings). When that is longer than MAX_BACK_URL, the longest kept field is dropped until
 * it fits (a 5000-character message is typed again rather than making a URL servers refuse).
 */
export function backUrl(page: string, failure: FormFailure, keep: Record<string, unknown>): string {
  const kept = Object.entries(keep).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
  for (;;) {
    const q = new URLSearchParams({ error: failure.code });
    if (failure.retryAfterSeconds) q.set('retry', String(failure.retryAfterSeconds));
    if (failure.fields.length) q.set('invalid', failure.fields.join(','));
    for (const [k, v] of kept) q.set(k, v);
    const url = `${page}?${q}`;
    if (url.length <= MAX_BACK_URL || !kept.length) return url;
    kept.sort((a, b) => a[1].length - b[1].length).pop();
  }
}

/**
 * A route `errorHandler` for a route taking both JSON and form posts: a JSON request (and any `bad_origin`
 * refusal) gets the app's own error answer; a form post gets 303 to `backUrl(page, failure, keep(fields))`,
 * where `keep` picks the fields to show again (never a password). A 5xx is logged as the app's handler would.
 */
export function formErrorHandler(app: FastifyInstance, page: string, keep: (fields: Record<string, unknown>) => Record<string, unknown>) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (!isFormPost(req) || (err instanceof AppError && err.code === 'bad_origin')) return app.errorHandler(err, req, reply);
    const failure = formFailure(err);
    if (failure.code === 'internal') req.log.error({ err }, 'unhandled error in a form post');
    const fields = formFields(req) ?? {};
    return reply.header('cache-control', 'no-store').redirect(backUrl(page, failure, keep(fields)), 303);
  };
}
