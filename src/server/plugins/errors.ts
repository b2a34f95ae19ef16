/**
 * The one error handler and the one error body (docs/product/architecture.md §4.4): `{ error: { code, message, details? } }`.
 * Validation problems answer 400 `validation_failed` with `details.fields: [{ field, message }]`; unknown errors
 * answer 500 `internal` with no internals in the body (the log has them); a URL naming something that cannot be an
 * object key answers 404 `not_found`. A 429 or 503 whose details carry `retryAfterSeconds` also gets the Retry-After
 * header (RFC 9110 section 10.2.3), so every limit that names its wait says it the same way.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { FieldIssue } from '../../shared/contracts/errors.js';
import { AppError } from '../lib/app-error.js';
import { BadKeyError } from '../providers/storage/media-storage.js';

function send(reply: import('fastify').FastifyReply, status: number, code: string, message: string, details?: unknown) {
  return reply.status(status).send({ error: details === undefined ? { code, message } : { code, message, details } });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof AppError) {
      const wait = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if ((err.statusCode === 429 || err.statusCode === 503) && typeof wait === 'number' && wait > 0) reply.header('retry-after', String(Math.ceil(wait)));
      return send(reply, err.statusCode, err.code, err.message, err.details);
    }
    // A name in a URL that cannot be an object key (a poster id of hex and dashes that is no UUID, an upper-case
    // UUID...) names nothing that is stored (providers/storage/media-storage.ts assertKey).
    if (err instanceof BadKeyError) return send(reply, 404, 'not_found', 'Not found');
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldIssue[] = err.validation.map((v) => ({
        field: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return send(reply, 400, 'validation_failed', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields });
    }
    if (err instanceof ZodError) {
      const fields = err.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      return send(reply, 400, 'validation_failed', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 413) return send(reply, 413, 'payload_too_large', 'The request body is too large.');
    if (status === 415 || (status === 400 && (err as FastifyError).code?.startsWith('FST_ERR_CTP'))) {
      return send(reply, status, 'validation_failed', 'The request body could not be read.');
    }
    if (status >= 400 && status < 500) return send(reply, status, status === 404 ? 'not_found' : 'validation_failed', err.message);
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, 'internal', 'Something went wrong on our side. Please try again.');
  });
  app.setNotFoundHandler((request, reply) => send(reply, 404, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}`));
}
