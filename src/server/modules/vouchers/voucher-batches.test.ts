/**
 * Voucher batches, the super admin's side (docs/decisions/042-vouchers.md; docs/product/admin.md §10): making a
 * batch (10,000 codes: all different, each passing its check, none stored in clear), its expiry, the list with its
 * counts, voiding, the CSV, and who may do any of it; on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VOUCHER_CSV_HEADER, voucherExpiry } from '../../../shared/contracts/vouchers.js';
import { parseVoucherCode } from '../../../shared/domain/voucher-code.js';
import { voucherBatches, vouchers } from '../../db/schema/index.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { makeBatch, redeem } from '../../test/voucher-test-bed.js';
import { codeHash } from './voucher-codes.js';

describeEachDb('voucher batches', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
    admin = (await signUp(t, 'super_admin')).cookie;
    viewer = (await signUp(t, 'user')).cookie;
  });
  afterAll(() => t.stop());

  const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: unknown, cookie = admin) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

  it('makes 10,000 codes at once: all different, each passing its check, stored only as a hash and sealed', async () => {
    const { batch, codes } = await makeBatch(t, admin, { plan: 'weekly', count: 10_000, name: 'Kimironko agents 2026-11' });
    expect(batch).toMatchObject({ name: 'Kimironko agents 2026-11', plan: 'weekly', state: 'active', createdBy: expect.stringContaining('@example.com'), counts: { created: 10_000, redeemed: 0, voided: 0 } });
    expect(codes).toHaveLength(10_000);
    expect(new Set(codes).size).toBe(10_000);
    for (const c of codes) expect(parseVoucherCode(c).ok, c).toBe(true);
    const rows = await t.db.db.select().from(vouchers).where(eq(vouchers.batchId, batch.id));
    expect(rows).toHaveLength(10_000);
    expect(new Set(rows.map((r) => r.codeHash)).size).toBe(10_000);
    const stored = JSON.stringify(rows);
    for (const c of codes.slice(0, 200)) {
      expect(stored).not.toContain(c.replaceAll('-', ''));
      expect(stored).not.toContain(c);
    }
    expect(rows.map((r) => r.codeHash).sort()).toEqual(codes.map(codeHash).sort());

    // The CSV opens the same 10,000 codes again.
    const csv = await get(`/api/admin/vouchers/batches/${batch.id}/codes.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="vouchers.csv"; filename\*=UTF-8''vouchers-Kimironko%20agents%202026-11.csv/);
    expect(csv.headers['cache-control']).toBe('no-store');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(VOUCHER_CSV_HEADER);
    expect(lines).toHaveLength(10_001);
    expect(lines[1]).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}-[2-9A-Z]{5},weekly,Kimironko agents 2026-11,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0]))).toEqual(new Set(codes));
  }, 120_000);

  it('expires a batch 12 months after it is made by default, or at the end of the Kigali day given', async () => {
    const before = new Date();
    const { batch } = await makeBatch(t, admin, { plan: 'daily', count: 1 });
    expect(batch.name).toMatch(/^daily-\d{4}-\d{2}-\d{2}-[2-9A-Z]{4}$/);
    const expires = new Date(batch.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(voucherExpiry(before).getTime());
    expect(expires).toBeLessThanOrEqual(voucherExpiry(new Date()).getTime());
    const nextYear = new Date().getUTCFullYear() + 1;
    const { batch: dated } = await makeBatch(t, admin, { plan: 'daily', count: 1, expiresOn: `${nextYear}-03-31` });
    expect(dated.expiresAt).toBe(`${nextYear}-03-31T22:00:00.000Z`);
    expect(voucherExpiry(new Date('2027-01-31T10:00:00Z'), undefined, 1).toISOString()).toBe('2027-02-28T10:00:00.000Z');
  });

  it('refuses a past day, a day more than 36 months away, a count out of 1 to 10,000, a bad plan or name, and a name taken', async () => {
    const cases: [unknown, number, string][] = [
      [{ plan: 'daily', count: 1, expiresOn: '2020-01-01' }, 400, 'validation_failed'],
      [{ plan: 'daily', count: 1, expiresOn: `${new Date().getUTCFullYear() + 4}-01-01` }, 400, 'validation_failed'],
      [{ plan: 'daily', count: 1, expiresOn: '2027-02-30' }, 400, 'validation_failed'],
      [{ plan: 'daily', count: 0 }, 400, 'validation_failed'],
      [{ plan: 'daily', count: 10_001 }, 400, 'validation_failed'],
      [{ plan: 'daily', count: 1.5 }, 400, 'validation_failed'],
      [{ plan: 'hourly', count: 1 }, 400, 'validation_failed'],
      [{ plan: 'daily', count: 1, name: '=cmd|calc' }, 400, 'validation_failed'],
      [{ plan: 'daily', count: 1, name: 'x'.repeat(61) }, 400, 'validation_failed'],
      [{ plan: 'daily', count: 1, name: 'Kimironko agents 2026-11' }, 409, 'conflict'],
    ];
    for (const [body, status, code] of cases) {
      const res = await post('/api/admin/vouchers/batches', body);
      expect([res.statusCode, res.json().error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    // A refused batch leaves nothing behind.
    const names = (await t.db.db.select({ name: voucherBatches.name }).from(voucherBatches)).map((r) => r.name);
    expect(names.filter((n) => n === 'Kimironko agents 2026-11')).toHaveLength(1);
  });

  it('lists batches newest first with their counts, voids one (again keeps the first time) and its codes then fail', async () => {
    const { batch, codes } = await makeBatch(t, admin, { plan: 'monthly', count: 3, name: 'Nyabugogo' });
    expect((await redeem(t, viewer, codes[0]!)).statusCode).toBe(200);
    const listed = (await get('/api/admin/vouchers/batches')).json().batches as { name: string; counts: object; state: string }[];
    expect(listed[0]).toMatchObject({ name: 'Nyabugogo', state: 'active', counts: { created: 3, redeemed: 1, voided: 0 } });
    expect(listed.map((b) => b.name)).toContain('Kimironko agents 2026-11');
    const one = (await get('/api/admin/vouchers/batches?name=Nyabugogo')).json().batches;
    expect(one).toHaveLength(1);

    const voided = await post(`/api/admin/vouchers/batches/${batch.id}/void`, undefined);
    expect(voided.statusCode).toBe(200);
    const b = voided.json().batch;
    expect(b).toMatchObject({ state: 'voided', counts: { created: 3, redeemed: 1, voided: 2 } });
    const again = (await post(`/api/admin/vouchers/batches/${batch.id}/void`, undefined)).json().batch;
    expect(again.voidedAt).toBe(b.voidedAt);
    const refused = await redeem(t, viewer, codes[1]!);
    expect([refused.statusCode, refused.json().error.code]).toEqual([410, 'voucher_voided']);
    // The code redeemed before the void stays redeemed.
    expect((await redeem(t, viewer, codes[0]!)).json().error.code).toBe('voucher_used');
  });

  it('answers 404 for a batch that does not exist, and 400 for an id that is none', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await post(`/api/admin/vouchers/batches/${missing}/void`, undefined)).statusCode).toBe(404);
    expect((await get(`/api/admin/vouchers/batches/${missing}/codes.csv`)).statusCode).toBe(404);
    expect((await get('/api/admin/vouchers/batches/not-an-id/codes.csv')).statusCode).toBe(400);
    expect((await get('/api/admin/vouchers/batches?name=nobody')).json().batches).toEqual([]);
  });

  it('lets only a super admin make, list, void or download batches', async () => {
    const { batch } = await makeBatch(t, admin, { plan: 'daily', count: 1 });
    const plainAdmin = (await signUp(t, 'admin')).cookie;
    for (const [cookie, status] of [[viewer, 403], [plainAdmin, 403], ['', 401]] as const) {
      const made = await post('/api/admin/vouchers/batches', { plan: 'yearly', count: 5 }, cookie);
      expect(made.statusCode).toBe(status);
      expect((await get('/api/admin/vouchers/batches', cookie)).statusCode).toBe(status);
      expect((await post(`/api/admin/vouchers/batches/${batch.id}/void`, undefined, cookie)).statusCode).toBe(status);
      expect((await get(`/api/admin/vouchers/batches/${batch.id}/codes.csv`, cookie)).statusCode).toBe(status);
    }
    expect((await t.db.db.select().from(voucherBatches).where(eq(voucherBatches.plan, 'yearly'))).length).toBe(0);
    expect((await get('/api/admin/vouchers/batches?name=' + encodeURIComponent(batch.name))).json().batches[0].state).toBe('active');
  });

  it('says so when the codes were sealed under another session secret', async () => {
    const { batch } = await makeBatch(t, admin, { plan: 'daily', count: 2 });
    await t.db.db.update(vouchers).set({ codeSealed: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }).where(eq(vouchers.batchId, batch.id));
    const csv = await get(`/api/admin/vouchers/batches/${batch.id}/codes.csv`);
    expect([csv.statusCode, csv.json().error.code]).toEqual([409, 'voucher_codes_sealed']);
  });
});
