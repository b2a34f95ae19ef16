/**
 * One session lookup a drawn page (auth.ts `withSessionOf`, docs/decisions/014-server-rendering.md): the API
 * requests a page makes in-process for its visitor take the page request's signed-in user; a request with another
 * Cookie header, or made outside the page's scope, looks up its own.
 */
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { AccountsRepository } from '../modules/accounts/accounts.repository.js';
import { registerAuth, withSessionOf, type Auth } from './auth.js';

const COOKIE = 'better-auth.session_token=abc';

async function app() {
  const getSession = vi.fn(async ({ headers }: { headers: Headers }) =>
    headers.get('cookie')?.includes('abc') ? { user: { id: 'u1', email: 'a@example.com', name: 'A' } } : { user: { id: 'u2', email: 'b@example.com', name: 'B' } },
  );
  const a = Fastify();
  registerAuth(a, { api: { getSession } } as unknown as Auth, { roleOf: async () => 'user' } as unknown as AccountsRepository, []);
  a.get('/api/who', { config: { access: 'user' } }, async (req) => ({ id: (await req.currentUser())?.id }));
  a.get('/page', { config: { access: 'anonymous' } }, async (req) => {
    const ask = (cookie: string) => withSessionOf(req, () => a.inject({ url: '/api/who', headers: { cookie } })).then((r) => r.json<{ id: string }>().id);
    return { same: [await ask(COOKIE), await ask(COOKIE)], other: await ask('better-auth.session_token=xyz') };
  });
  await a.ready();
  return { a, getSession };
}

describe('withSessionOf', () => {
  it('gives a page’s API requests with the same cookie the page request’s user, looked up once', async () => {
    const { a, getSession } = await app();
    const res = await a.inject({ url: '/page', headers: { cookie: COOKIE } });
    expect(res.json()).toEqual({ same: ['u1', 'u1'], other: 'u2' });
    // The page's own lookup, then one for the request that carried another cookie.
    expect(getSession).toHaveBeenCalledTimes(2);
    await a.close();
  });

  it('leaves requests made outside a page alone', async () => {
    const { a, getSession } = await app();
    for (let i = 0; i < 2; i++) expect((await a.inject({ url: '/api/who', headers: { cookie: COOKIE } })).json()).toEqual({ id: 'u1' });
    expect(getSession).toHaveBeenCalledTimes(2);
    await a.close();
  });
});
