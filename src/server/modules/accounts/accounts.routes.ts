/**
 * Accounts routes (docs/product/viewer.md §2, §5, §8) and settings (ADR 011): thin — schema in, one service call, schema out.
 * The settings routes are rate limited per user; the password change answers a new session cookie, the deletion a
 * cleared one. Sign-in is limited per address (AUTH_RATE_LIMIT_PER_MINUTE) and, whatever the address, per account
 * and trusted device (sign-in-limits.ts, ADR 018); a success also sets the device cookie (device-cookie.ts).
 * Sign-in and register also take HTML form posts, answered 303 (plugins/form-posts.ts, ADR 024). Registration
 * with a taken email is 409 `email_taken`, limited per address and told to the owner (registration-guard.ts, ADR 033).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  deleteAccountBody,
  loginBody,
  meResponse,
  okResponse,
  profileResponse,
  registerBody,
  updateProfileBody,
  userResponse,
} from '../../../shared/contracts/accounts.js';
import { safeNextPath, SIGN_IN_PAGES } from '../../../shared/domain/next-path.js';
import { isPassActive } from '../../../shared/domain/plans.js';
import { toHeaders } from '../../plugins/auth.js';
import { acceptFormPosts, FORM_RATE_LIMIT_HOOK, formErrorHandler, formFields, isFormPost } from '../../plugins/form-posts.js';
import type { BillingRepository } from '../billing/billing.repository.js';
import { AppError } from '../../lib/app-error.js';
import { requestLanguage } from '../recovery/recovery-texts.js';
import type { AccountsService } from './accounts.service.js';
import type { RegistrationGuard } from './registration-guard.js';
import type { SignInLimits } from './sign-in-limits.js';
import { clientKey } from '../../lib/client-address.js';

export function accountsRoutes(deps: { accounts: AccountsService; billing: BillingRepository; authRateLimitPerMinute: number; signInLimits: SignInLimits; registration: RegistrationGuard }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Sign-in and register also take the HTML form posts of the pages drawn on the server, before the app has
    // loaded (plugins/form-posts.ts, ADR 024): same route, so the same rate limit counter, sign-in limits, password
    // policy and cookies; a form post is answered 303, to the next page or back to the form with the error.
    await app.register(async (scope) => {
      acceptFormPosts(scope);
      const forms = scope.withTypeProvider<ZodTypeProvider>();
      forms.post('/api/accounts/register', {
        config: { access: 'anonymous', rateLimit: { max: deps.authRateLimitPerMinute, timeWindow: '1 minute', hook: FORM_RATE_LIMIT_HOOK } },
        schema: { body: registerBody, response: { 201: userResponse } },
        errorHandler: formErrorHandler(scope, '/register', ({ fullName, phone, email, next }) => ({ fullName, phone, email, next: safeNextPath(next, SIGN_IN_PAGES) ?? '' })),
      }, async (req, reply) => {
        // A taken email is answered 409 (ADR 033), at the cost of a per-address limit and a mail to its owner.
        await deps.registration.check(req.ip);
        const user = await deps.accounts.register(req.body).catch(async (err: unknown) => {
          if (err instanceof AppError && err.code === 'email_taken') await deps.registration.taken(req.ip, req.body.email, requestLanguage(req.headers.cookie, req.headers['accept-language']));
          throw err;
        });
        // The account is made but not signed in (as the JSON answer): the sign-in page, with the address filled in and
        // the page the visitor came from (`next`, same-site only) to go back to after signing in (ADR 054).
        if (isFormPost(req)) {
          const next = safeNextPath(formFields(req)?.next, SIGN_IN_PAGES);
          return reply.redirect(`/login?${new URLSearchParams({ registered: '1', email: user.email, ...(next ? { next } : {}) })}`, 303);
        }
        return reply.status(201).send({ user });
      });

      forms.post('/api/accounts/login', {
        config: { access: 'anonymous', rateLimit: { max: deps.authRateLimitPerMinute, timeWindow: '1 minute', hook: FORM_RATE_LIMIT_HOOK } },
        schema: { body: loginBody, response: { 200: userResponse } },
        errorHandler: formErrorHandler(scope, '/login', ({ email, next }) => ({ email, next: safeNextPath(next, SIGN_IN_PAGES) ?? '' })),
      }, async (req, reply) => {
        const { result, deviceCookie } = await deps.signInLimits.attempt(req.body.email, req.headers.cookie, () => deps.accounts.login(req.body.email, req.body.password, toHeaders(req)));
        reply.header('set-cookie', [...result.setCookie, deviceCookie]);
        // `next` is the page the viewer was sent to sign in from: a same-site path only, checked once normalised
        // (shared/domain/next-path.ts, ADR 024: no open redirect); anything else goes to /.
        if (isFormPost(req)) return reply.header('cache-control', 'no-store').redirect(safeNextPath(formFields(req)?.next, SIGN_IN_PAGES) ?? '/', 303);
        return { user: result.user };
      });
    });

    r.post('/api/accounts/logout', { config: { access: 'anonymous' }, schema: { response: { 204: z.null() } } }, async (req, reply) => {
      reply.header('set-cookie', await deps.accounts.logout(toHeaders(req)));
      return reply.status(204).send(null);
    });

    const perUser = (prefix: string, max: number) => ({
      max,
      timeWindow: '1 minute',
      keyGenerator: async (req: FastifyRequest) => `${prefix}:${(await req.currentUser())?.id ?? clientKey(req.ip)}`,
    });

    r.get('/api/accounts/profile', { config: { access: 'user' }, schema: { response: { 200: profileResponse } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { profile: await deps.accounts.profile((await req.requireUser()).id) };
    });

    r.put('/api/accounts/profile', {
      config: { access: 'user', rateLimit: perUser('profile', 30) },
      schema: { body: updateProfileBody, response: { 200: profileResponse } },
    }, async (req) => ({ profile: await deps.accounts.updateProfile((await req.requireUser()).id, req.body) }));

    r.post('/api/accounts/password', {
      config: { access: 'user', rateLimit: perUser('password', Math.max(5, deps.authRateLimitPerMinute)) },
      schema: { body: changePasswordBody, response: { 200: okResponse } },
    }, async (req, reply) => {
      const user = await req.requireUser();
      reply.header('set-cookie', await deps.accounts.changePassword(req.body, toHeaders(req), user));
      return { ok: true as const };
    });

    r.delete('/api/accounts/me', {
      config: { access: 'user', rateLimit: perUser('delete', 5) },
      schema: { body: deleteAccountBody, response: { 204: z.null() } },
    }, async (req, reply) => {
      const user = await req.requireUser();
      reply.header('set-cookie', await deps.accounts.deleteAccount(user.id, req.body.confirm, toHeaders(req)));
      reply.header('cache-control', 'no-store');
      return reply.status(204).send(null);
    });

    r.get('/api/accounts/me', { config: { access: 'anonymous' }, schema: { response: { 200: meResponse } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await req.currentUser();
      if (!user) return { user: null, pass: null };
      const p = await deps.billing.passOf(user.id);
      const pass = p ? { plan: p.plan, status: p.status, expiresAt: p.expiresAt.toISOString(), active: isPassActive(p) } : null;
      return { user, pass };
    });
  };
}
