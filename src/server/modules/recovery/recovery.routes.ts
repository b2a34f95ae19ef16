/**
 * Account recovery routes (docs/decisions/021-account-recovery.md; contracts in src/shared/contracts/recovery.ts):
 * thin — schema in, one service call, schema out. The requests answer 202 whatever the email or number; the
 * limits (per address, per email or number, per address for checks) live in the service. The outbox is read by
 * the super admin only. The four POSTs also take HTML form posts (see below).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileResponse, type ProfileView } from '../../../shared/contracts/accounts.js';
import {
  outboxQuery,
  phoneCodeSent,
  verifyPhoneBody,
  outboxResponse,
  recoveryAccepted,
  recoveryEmailBody,
  recoverySmsBody,
  resetWithCodeBody,
  resetLinkQuery,
  resetWithLinkBody,
} from '../../../shared/contracts/recovery.js';
import { acceptFormPosts, formErrorHandler, isFormPost } from '../../plugins/form-posts.js';
import type { Outbox } from '../../providers/messaging/outbox.js';
import { requestLanguage } from './recovery-texts.js';
import type { RecoveryService } from './recovery.service.js';

export function recoveryRoutes(deps: { recovery: RecoveryService; outbox: Outbox; profile: (userId: string) => Promise<ProfileView> }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const noStore = { 'cache-control': 'no-store' };

    // The four recovery forms also take the HTML form posts of their pages drawn on the server, before the app has
    // loaded (plugins/form-posts.ts, docs/decisions/024-forms-before-hydration.md): same routes, same limits and
    // rules; a form post is answered 303, to the page's "sent" or "done" state, or back to the form with the error
    // and the fields typed (the reset link's token, so the viewer can try again; never a password or a code).
    await app.register(async (scope) => {
      acceptFormPosts(scope);
      const forms = scope.withTypeProvider<ZodTypeProvider>();
      const done = (reply: FastifyReply, to: string) => reply.headers(noStore).redirect(to, 303);

      forms.post('/api/accounts/recovery/email', {
        config: { access: 'anonymous' },
        schema: { body: recoveryEmailBody, response: { 202: recoveryAccepted } },
        errorHandler: formErrorHandler(scope, '/forgot-password', ({ email }) => ({ email })),
      }, async (req, reply) => {
        await deps.recovery.requestByEmail(req.body.email, requestLanguage(req.headers.cookie, req.headers['accept-language']), req.ip);
        if (isFormPost(req)) return done(reply, `/forgot-password?${new URLSearchParams({ sent: 'email', email: req.body.email })}`);
        return reply.status(202).headers(noStore).send({ ok: true as const });
      });

      forms.post('/api/accounts/recovery/sms', {
        config: { access: 'anonymous' },
        schema: { body: recoverySmsBody, response: { 202: recoveryAccepted } },
        errorHandler: formErrorHandler(scope, '/forgot-password', ({ phone }) => ({ channel: 'sms', phone })),
      }, async (req, reply) => {
        await deps.recovery.requestBySms(req.body.phone, requestLanguage(req.headers.cookie, req.headers['accept-language']), req.ip);
        if (isFormPost(req)) return done(reply, `/forgot-password?${new URLSearchParams({ sent: 'sms', phone: req.body.phone })}`);
        return reply.status(202).headers(noStore).send({ ok: true as const });
      });

      forms.post('/api/accounts/recovery/reset', {
        config: { access: 'anonymous' },
        schema: { body: resetWithLinkBody, response: { 200: recoveryAccepted } },
        errorHandler: formErrorHandler(scope, '/reset-password', ({ token }) => ({ token })),
      }, async (req, reply) => {
        await deps.recovery.resetWithLink(req.body.token, req.body.password, req.body.confirmPassword, req.ip);
        if (isFormPost(req)) return done(reply, '/reset-password?done=1');
        return reply.headers(noStore).send({ ok: true as const });
      });

      forms.post('/api/accounts/recovery/reset-code', {
        config: { access: 'anonymous' },
        schema: { body: resetWithCodeBody, response: { 200: recoveryAccepted } },
        errorHandler: formErrorHandler(scope, '/reset-password', ({ phone }) => ({ phone })),
      }, async (req, reply) => {
        await deps.recovery.resetWithCode(req.body.phone, req.body.code, req.body.password, req.body.confirmPassword, req.ip);
        if (isFormPost(req)) return done(reply, '/reset-password?done=1');
        return reply.headers(noStore).send({ ok: true as const });
      });
    });

    // Whether a reset link still works, asked by /reset-password when it opens (ADR 055); nothing is spent.
    r.get('/api/accounts/recovery/link', {
      config: { access: 'anonymous' },
      schema: { querystring: resetLinkQuery, response: { 200: recoveryAccepted } },
    }, async (req, reply) => {
      await deps.recovery.checkLink(req.query.token, req.ip);
      return reply.headers(noStore).send({ ok: true as const });
    });

    // Verifying the profile's phone, so that recovery by SMS may use it (ADR 021, amended 2026-11-28).
    r.post('/api/accounts/phone/verification', {
      config: { access: 'user' },
      schema: { response: { 202: phoneCodeSent } },
    }, async (req, reply) => {
      const user = await req.requireUser();
      const { sentTo } = await deps.recovery.sendPhoneCode(user.id, requestLanguage(req.headers.cookie, req.headers['accept-language']), req.ip);
      return reply.status(202).headers(noStore).send({ ok: true as const, sentTo });
    });

    r.post('/api/accounts/phone/verify', {
      config: { access: 'user' },
      schema: { body: verifyPhoneBody, response: { 200: profileResponse } },
    }, async (req, reply) => {
      const user = await req.requireUser();
      await deps.recovery.verifyPhone(user.id, req.body.code, req.ip);
      return reply.headers(noStore).send({ profile: await deps.profile(user.id) });
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
