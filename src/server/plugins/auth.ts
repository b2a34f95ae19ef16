/**
 * Authentication with better-auth (email + password, sessions in the database, http-only SameSite=Lax cookies)
 * and the route guards (docs/product/architecture.md §4.3). Every route declares `config.access`: 'anonymous' | 'user' |
 * 'admin' | 'super_admin'; a route without it fails at registration, so no route is open by accident.
 * Guards answer 401 `unauthenticated` to signed-out callers and 403 `forbidden` to signed-in callers without
 * the role. Roles: the latest `user_roles` row (docs/product/viewer.md §7); admin means admin or super_admin.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { Role, SessionUser } from '../../shared/contracts/accounts.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/contracts/accounts.js';
import type { Database } from '../db/client.js';
import { account, session, user, verification } from '../db/schema/index.js';
import { forbidden, unauthenticated } from '../lib/app-error.js';
import type { AccountsRepository } from '../modules/accounts/accounts.repository.js';

export type Access = 'anonymous' | 'user' | 'admin' | 'super_admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user with their role, or null; resolved once per request. */
    currentUser(): Promise<SessionUser | null>;
    /** The signed-in user, or throws 401. */
    requireUser(): Promise<SessionUser>;
  }
}

export function createAuth(db: Database, opts: { secret: string; publicUrl: string }) {
  return betterAuth({
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    secret: opts.secret,
    baseURL: opts.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: [opts.publicUrl],
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
  });
}
export type Auth = ReturnType<typeof createAuth>;

/** Fastify's raw headers as a fetch `Headers` object, as better-auth's API takes them. */
export function toHeaders(request: FastifyRequest): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(request.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((x) => h.append(k, x));
    else h.set(k, String(v));
  }
  return h;
}

/** The visitor of a page being drawn on the server: their Cookie header and their signed-in user (see withSessionOf). */
const pageVisitor = new AsyncLocalStorage<{ cookie: string | undefined; user: Promise<SessionUser | null> }>();

/**
 * Runs `work`, the in-process API requests of a page drawn on the server for `request`'s visitor (ssr.ts
 * injectTransport, docs/decisions/014-server-rendering.md), so that each of them that carries exactly the same
 * Cookie header takes the page request's signed-in user (`currentUser`) instead of looking the session and the role
 * up again: one lookup a page instead of one per API answer it is drawn from (the viewer, the list, the watch
 * list: 3 queries each). A request with another Cookie header, or made outside `work`, looks up its own. Only code
 * of the server can enter this scope; nothing a client sends can.
 */
export function withSessionOf<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  // Awaited inside the scope: Fastify's inject returns a lazy thenable that starts the request when awaited.
  return pageVisitor.run({ cookie: request.headers.cookie, user: request.currentUser() }, async () => await work());
}

/** A translator signs in as a viewer with no admin rights (ADR 047): the rank of a user. */
const RANK: Record<Role, number> = { user: 1, translator: 1, admin: 2, super_admin: 3 };

/** Whether `role` meets the route's access level. */
export function allows(access: Access, role: Role | null): boolean {
  if (access === 'anonymous') return true;
  if (!role) return false;
  return RANK[role] >= RANK[access];
}

/** One declared route, recorded for the guard-matrix test. */
export interface RouteRecord {
  method: string;
  url: string;
  access: Access;
  /** The route's schemas (zod, through fastify-type-provider-zod), for the fuzz suite (src/server/security). */
  schema?: FastifySchema;
}

export function registerAuth(app: FastifyInstance, auth: Auth, accounts: AccountsRepository, routes: RouteRecord[]): void {
  app.addHook('onRoute', (opts) => {
    const access = opts.config?.access;
    if (!access) throw new Error(`Route ${String(opts.method)} ${opts.url} declares no config.access`);
    for (const m of [opts.method].flat()) if (m !== 'HEAD') routes.push({ method: m, url: opts.url, access, schema: opts.schema });
  });

  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    const self = this as FastifyRequest & { _userPromise?: Promise<SessionUser | null> };
    // An API request made while drawing a page for the same visitor (withSessionOf): the page request's user.
    const page = pageVisitor.getStore();
    if (!self._userPromise && page && page.cookie === self.headers.cookie) self._userPromise = page.user;
    self._userPromise ??= (async () => {
      // No session cookie (`better-auth.session_token`, `__Secure-` prefixed on https; other cookies do not count):
      // no session to look up, and no database query.
      if (!self.headers.cookie?.includes('better-auth.session_token')) return null;
      const s = await auth.api.getSession({ headers: toHeaders(self) });
      if (!s) return null;
      const role = await accounts.roleOf(s.user.id);
      return { id: s.user.id, email: s.user.email, name: s.user.name, role };
    })();
    return self._userPromise;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const u = await this.currentUser();
    if (!u) throw unauthenticated();
    return u;
  });

  // onRequest: the guard runs before the body is read or validated, so a refused caller learns nothing else.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'super_admin';
    if (access === 'anonymous') return;
    const u = await request.currentUser();
    if (!u) throw unauthenticated();
    if (!allows(access, u.role)) throw forbidden();
  });
}
