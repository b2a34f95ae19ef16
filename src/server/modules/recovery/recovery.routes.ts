/**
 * Account recovery routes (docs/decisions/021-account-recovery.md; contracts in src/shared/contracts/recovery.ts):
 * thin — schema in, one service call, schema out. The requests answer 202 whatever the email or number; the
 * limits (per address, per email or number, per address for checks) live in the service. The outbox is read by
 * the super admin only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  outboxQuery,
  outboxResponse,
  recoveryAccepted,
  recoveryEmailBody,
  recoverySmsBody,
  resetWithCodeBody,
  resetWithLinkBody,
} from '../../../shared/contracts/recovery.js';
import type { Outbox } from '../../providers/messaging/outbox.js';
import { requestLanguage } from './recovery-texts.js';
import type { RecoveryService } from './recovery.service.js';

export function recoveryRoutes(deps: { recovery: RecoveryService; outbox: Outbox }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const noStore = { 'cache-control': 'no-store' };

    r.post('/api/accounts/recovery/email', {
      config: { access: 'anonymous' },
      schema: { body: recoveryEmailBody, response: { 202: recoveryAccepted } },
    }, async (req, reply) => {
      await deps.recovery.requestByEmail(req.body.email, requestLanguage(req.headers.cookie, req.headers['accept-language']), req.ip);
      return reply.status(202).headers(noStore).send({ ok: true as const });
    });

    r.post('/api/accounts/recovery/sms', {
      config: { access: 'anonymous' },
      schema: { body: recoverySmsBody, response: { 202: recoveryAccepted } },
    }, async (req, reply) => {
      await deps.recovery.requestBySms(req.body.phone, requestLanguage(req.headers.cookie, req.headers['accept-language']), req.ip);
      return reply.status(202).headers(noStore).send({ ok: true as const });
    });

    r.post('/api/accounts/recovery/reset', {
      config: { access: 'anonymous' },
      schema: { body: resetWithLinkBody, response: { 200: recoveryAccepted } },
    }, async (req, reply) => {
      await deps.recovery.resetWithLink(req.body.token, req.body.password, req.body.confirmPassword, req.ip);
      return reply.headers(noStore).send({ ok: true as const });
    });

    r.post('/api/accounts/recovery/reset-code', {
      config: { access: 'anonymous' },
      schema: { body: resetWithCodeBody, response: { 200: recoveryAccepted } },
    }, async (req, reply) => {
      await deps.recovery.resetWithCode(req.body.phone, req.body.code, req.body.password, req.body.confirmPassword, req.ip);
      return reply.headers(noStore).send({ ok: true as const });
    });

    r.get('/api/admin/outbox', {
      config: { access: 'super_admin' },
      schema: { querystring: outboxQuery, response: { 200: outboxResponse } },
    }, async (req, reply) => {
      const items = await deps.outbox.list({ limit: req.query.limit });
      return reply.headers(noStore).send({ items: items.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) });
    });
  };
}
