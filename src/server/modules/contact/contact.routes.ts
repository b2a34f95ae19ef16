/**
 * Contact, client error and preference routes (docs/product/viewer.md §2, §4, §8): thin — schema in, one service call,
 * schema out. POST /api/contact is limited to CONTACT_RATE_LIMIT_PER_HOUR per address and hour; POST
 * /api/client-errors to CLIENT_ERROR_RATE_LIMIT_PER_MINUTE per address and minute, with a body of at most
 * CLIENT_ERROR_MAX_BYTES (413 payload_too_large beyond). POST /api/contact also takes the contact page's HTML form
 * post, answered 303 (plugins/form-posts.ts, ADR 024).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CLIENT_ERROR_MAX_BYTES,
  CLIENT_ERROR_RATE_LIMIT_PER_MINUTE,
  clientErrorsAccepted,
  clientErrorsBody,
  CONTACT_RATE_LIMIT_PER_HOUR,
  contactBody,
  contactCreated,
  listClientErrorsQuery,
  listClientErrorsResponse,
  listMessagesQuery,
  listMessagesResponse,
  messageIdParams,
  messageResponse,
  preferencesView,
  updatePreferencesBody,
  updateMessageBody,
} from '../../../shared/contracts/contact.js';
import { acceptFormPosts, FORM_RATE_LIMIT_HOOK, formErrorHandler, isFormPost } from '../../plugins/form-posts.js';
import type { ContactService } from './contact.service.js';
import { clientKey } from '../../lib/client-address.js';

export function contactRoutes(deps: { contact: ContactService; contactPerHour?: number; errorsPerMinute?: number }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // The contact form also works as an HTML form post before the app has loaded (plugins/form-posts.ts, ADR 024):
    // same route and rate limit; answered 303 to /contact?sent=1, or back to /contact with the error and the fields.
    await app.register(async (scope) => {
      acceptFormPosts(scope);
      scope.withTypeProvider<ZodTypeProvider>().post('/api/contact', {
        config: { access: 'anonymous', rateLimit: { max: deps.contactPerHour ?? CONTACT_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour', keyGenerator: (req) => `contact:${clientKey(req.ip)}`, hook: FORM_RATE_LIMIT_HOOK } },
        bodyLimit: 32 * 1024,
        schema: { body: contactBody, response: { 201: contactCreated } },
        errorHandler: formErrorHandler(scope, '/contact', ({ firstName, lastName, email, subject, message }) => ({ firstName, lastName, email, subject, message })),
      }, async (req, reply) => {
        const user = await req.currentUser();
        const created = await deps.contact.send(req.body, user?.id ?? null);
        if (isFormPost(req)) return reply.redirect('/contact?sent=1', 303);
        return reply.status(201).send(created);
      });
    });

    r.get('/api/admin/messages', {
      config: { access: 'admin' },
      schema: { querystring: listMessagesQuery, response: { 200: listMessagesResponse } },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.contact.listMessages(req.query);
    });

    r.patch('/api/admin/messages/:id', {
      config: { access: 'admin' },
      schema: { params: messageIdParams, body: updateMessageBody, response: { 200: messageResponse } },
    }, async (req) => deps.contact.setHandled(req.params.id, req.body.handled));

    r.post('/api/client-errors', {
      config: { access: 'anonymous', rateLimit: { max: deps.errorsPerMinute ?? CLIENT_ERROR_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (req) => `client-errors:${clientKey(req.ip)}` } },
      bodyLimit: CLIENT_ERROR_MAX_BYTES,
      schema: { body: clientErrorsBody, response: { 202: clientErrorsAccepted } },
    }, async (req, reply) => {
      const user = await req.currentUser();
      const accepted = await deps.contact.report(req.body.entries, { userId: user?.id ?? null, userAgent: req.headers['user-agent'] ?? null });
      return reply.status(202).send({ accepted });
    });

    r.get('/api/admin/client-errors', {
      config: { access: 'admin' },
      schema: { querystring: listClientErrorsQuery, response: { 200: listClientErrorsResponse } },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.contact.listClientErrors(req.query);
    });

    r.get('/api/preferences', { config: { access: 'user' }, schema: { response: { 200: preferencesView } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { language: await deps.contact.language((await req.requireUser()).id) };
    });

    r.put('/api/preferences', {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: updatePreferencesBody, response: { 200: preferencesView } },
    }, async (req) => {
      const user = await req.requireUser();
      await deps.contact.setLanguage(user.id, req.body.language);
      return { language: req.body.language };
    });
  };
}
