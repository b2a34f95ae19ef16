/**
 * The admin API of translators (src/shared/contracts/translators.ts; docs/product/admin.md §12; ADR 047): list,
 * create, edit, merge, remove. Every route is `access: 'admin'` (admin and super_admin). The set-password mail of a
 * new account is written in the admin's language (the site's language cookie, else Accept-Language).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminTranslatorListResponse,
  adminTranslatorResponse,
  translatorCreateBody,
  translatorDeletedResponse,
  translatorIdParams,
  translatorMergeBody,
  translatorMergeResponse,
  translatorUpdateBody,
} from '../../../shared/contracts/translators.js';
import { requestLanguage } from '../recovery/recovery-texts.js';
import type { TranslatorAccountsService } from './translator-accounts.service.js';

export function translatorAdminRoutes(deps: { translatorAdmin: TranslatorAccountsService }) {
  const svc = deps.translatorAdmin;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const admin = { access: 'admin' } as const;
    const langOf = (req: { headers: { cookie?: string; 'accept-language'?: string } }) => requestLanguage(req.headers.cookie, req.headers['accept-language']);

    r.get('/api/admin/translators', { config: admin, schema: { response: { 200: adminTranslatorListResponse } } }, async () => ({ translators: await svc.list() }));
    r.post('/api/admin/translators', { config: admin, schema: { body: translatorCreateBody, response: { 201: adminTranslatorResponse } } }, async (req, reply) =>
      reply.status(201).send(await svc.create(req.body, (await req.requireUser()).id, langOf(req))),
    );
    r.patch('/api/admin/translators/:id', { config: admin, schema: { params: translatorIdParams, body: translatorUpdateBody, response: { 200: adminTranslatorResponse } } }, async (req) =>
      svc.update(req.params.id, req.body, (await req.requireUser()).id, langOf(req)),
    );
    r.post('/api/admin/translators/:id/merge', { config: admin, schema: { params: translatorIdParams, body: translatorMergeBody, response: { 200: translatorMergeResponse } } }, (req) =>
      svc.merge(req.params.id, req.body.intoId),
    );
    r.delete('/api/admin/translators/:id', { config: admin, schema: { params: translatorIdParams, response: { 200: translatorDeletedResponse } } }, (req) => svc.remove(req.params.id));
  };
}
