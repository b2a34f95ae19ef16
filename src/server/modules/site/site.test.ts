/**
 * Site settings (docs/decisions/022-site-settings-and-prices.md): a super admin saves them, nobody else; a bad value
 * is refused naming its field and leaves what was saved; GET reflects a save, and pages drawn on the server show it
 * (the shared page cache is cleared). Plan prices: a new payment charges the price in force, and a price change
 * while a payment is pending leaves that payment's amount, its settlement and its receipt as they were.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../../shared/contracts/site.js';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/contracts/site-defaults.js';
import { describeEachDb, signUp, startTestApp, waitFor, type TestApp } from '../../test/harness.js';

const withPrice = (s: SiteSettings, plan: keyof SiteSettings['prices'], priceRwf: number, compareAtRwf: number | null = null): SiteSettings => ({
  ...s,
  prices: { ...s.prices, [plan]: { priceRwf, compareAtRwf } },
});

describeEachDb('site settings', (kind) => {
  let t: TestApp;
  let superAdmin: { cookie: string };
  beforeAll(async () => {
    // Sandbox payments approve after 2 s: long enough to change a price while one is pending.
    t = await startTestApp(kind, { workers: false, env: { SANDBOX_APPROVAL_SECONDS: '2' } });
    superAdmin = await signUp(t, 'super_admin');
  });
  afterAll(() => t.stop());

  const get = async () => (await t.app.inject({ method: 'GET', url: '/api/site-settings' })).json() as SiteSettings;
  const put = (cookie: string | null, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/site-settings', headers: cookie ? { cookie } : {}, payload: payload as object });

  it('serves the defaults, today\'s values, before any save, cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site-settings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual(DEFAULT_SITE_SETTINGS);
    const plans = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json().plans;
    expect(plans.map((p: { priceRwf: number }) => p.priceRwf)).toEqual([500, 3000, 7000, 85000]);
  });

  it('lets a super admin save, and refuses admins, viewers and visitors', async () => {
    const next = { ...DEFAULT_SITE_SETTINGS, supportPhone: '+250 788 111 222' };
    const admin = await signUp(t, 'admin');
    const viewer = await signUp(t);
    expect((await put(admin.cookie, next)).statusCode).toBe(403);
    expect((await put(viewer.cookie, next)).statusCode).toBe(403);
    expect((await put(null, next)).statusCode).toBe(401);
    expect((await get()).supportPhone).toBe(DEFAULT_SITE_SETTINGS.supportPhone);

    const ok = await put(superAdmin.cookie, { ...next, supportEmail: '  Help@Sobanura.RW ', postalAddress: '' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ supportPhone: '+250 788 111 222', supportEmail: 'help@sobanura.rw', postalAddress: null });
    expect(await get()).toEqual(ok.json());
  });

  it('refuses bad values naming the field, and keeps what was saved', async () => {
    const before = await get();
    const cases: [string, unknown][] = [
      ['body.supportEmail', { ...before, supportEmail: 'not-an-email' }],
      ['body.supportPhone', { ...before, supportPhone: '07x' }],
      ['body.prices.yearly.priceRwf', withPrice(before, 'yearly', 0)],
      ['body.prices.daily.priceRwf', { ...before, prices: { ...before.prices, daily: { priceRwf: 1.5, compareAtRwf: null } } }],
      ['body.social.0.url', { ...before, social: [{ name: 'Facebook', url: 'http://facebook.com/x' }] }],
      ['body.hours.weekdays.close', { ...before, hours: { ...before.hours, weekdays: { open: '18:00', close: '09:00' } } }],
      ['body.governingLaw', { ...before, governingLaw: 'Uganda' }],
      ['body.figures.titles', { ...before, figures: { ...before.figures, titles: 'x'.repeat(40) } }],
    ];
    for (const [field, body] of cases) {
      const res = await put(superAdmin.cookie, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field), field).toContain(field);
    }
    const { prices: _p, ...missing } = before;
    expect((await put(superAdmin.cookie, missing)).statusCode).toBe(400);
    expect(await get()).toEqual(before);
  });

  it('charges a new payment the price in force, and shows it on the plans', async () => {
    const before = await get();
    expect((await put(superAdmin.cookie, withPrice(before, 'daily', 650, 800))).statusCode).toBe(200);
    const plans = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json().plans;
    expect(plans[0]).toMatchObject({ id: 'daily', priceRwf: 650, compareAtRwf: 800, durationSeconds: 86400 });
    const v = await signUp(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/payments', headers: { cookie: v.cookie }, payload: { plan: 'daily', phone: '0788123456', amount: 1 } });
    expect(res.statusCode).toBe(202);
    expect(res.json().payment.amount).toBe(650);
  });

  it('leaves a pending payment\'s amount, settlement and receipt unchanged when the price changes', async () => {
    const before = await get();
    expect((await put(superAdmin.cookie, withPrice(before, 'weekly', 3000))).statusCode).toBe(200);
    const v = await signUp(t);
    const created = (await t.app.inject({ method: 'POST', url: '/api/billing/payments', headers: { cookie: v.cookie }, payload: { plan: 'weekly', phone: '0788123457' } })).json().payment;
    expect(created).toMatchObject({ status: 'pending', amount: 3000 });

    expect((await put(superAdmin.cookie, withPrice(await get(), 'weekly', 4500))).statusCode).toBe(200);
    const poll = async () => (await t.app.inject({ method: 'GET', url: `/api/billing/payments/${created.id}`, headers: { cookie: v.cookie } })).json().payment;
    expect(await poll()).toMatchObject({ status: 'pending', amount: 3000 });

    const settled = await waitFor(async () => {
      const p = await poll();
      return p.status === 'pending' ? null : p;
    }, 20);
    expect(settled).toMatchObject({ status: 'successful', amount: 3000 });
    const { rows } = await t.db.executeSql('select amount from payments where id = $1', [created.id]);
    expect(Number(rows[0]!.amount)).toBe(3000);
    const receipt = await t.app.inject({ method: 'GET', url: `/api/billing/payments/${created.id}/receipt`, headers: { cookie: v.cookie } });
    expect(JSON.stringify(receipt.json())).toContain('3000');
    const me = (await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: { cookie: v.cookie } })).json();
    expect(me.pass).toMatchObject({ plan: 'weekly', active: true });
    // The next payment is at the new price.
    const next = (await t.app.inject({ method: 'POST', url: '/api/billing/payments', headers: { cookie: v.cookie }, payload: { plan: 'weekly', phone: '0788123457' } })).json().payment;
    expect(next.amount).toBe(4500);
  });
});

/** Draws the support phone from GET /api/site-settings, numbered so a reused page can be told from a new one. */
const RENDERER = `
let drawings = 0;
export async function render(req) {
  const n = ++drawings;
  const s = await (await req.fetch('/api/site-settings', { method: 'GET' })).json();
  return { kind: 'page', status: 200, html: '<main>drawing ' + n + ' phone ' + s.supportPhone + '</main>', state: '{}', lang: 'en', errors: [] };
}
`;

describe('site settings in pages drawn on the server [pglite]', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sobanura-site-'));
    mkdirSync(path.join(root, 'web'));
    mkdirSync(path.join(root, 'ssr'));
    writeFileSync(path.join(root, 'web', 'index.html'), '<!doctype html><html lang="en"><head><title>Sobanura</title><!--og--><script type="module" crossorigin src="/assets/i.js"></script></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(root, 'ssr', 'entry-server.js'), RENDERER);
    t = await startTestApp('pglite', { workers: false, env: { WEB_DIR: path.join(root, 'web'), PAGE_CACHE_SECONDS: '300' } });
  });
  afterAll(async () => {
    await t.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('shows the settings in the drawn page, and draws the shared page again after a save', async () => {
    const page = async () => /<main>drawing (\d+) phone ([^<]+)<\/main>/.exec((await t.app.inject({ url: '/about' })).body)?.slice(1);
    const [first, phone] = (await page())!;
    expect(phone).toBe(DEFAULT_SITE_SETTINGS.supportPhone);
    expect((await page())![0]).toBe(first);
    const sa = await signUp(t, 'super_admin');
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/site-settings', headers: { cookie: sa.cookie }, payload: { ...DEFAULT_SITE_SETTINGS, supportPhone: '+250 722 333 444' } });
    expect(res.statusCode).toBe(200);
    const after = (await page())!;
    expect(after[0]).not.toBe(first);
    expect(after[1]).toBe('+250 722 333 444');
  });
});
