/** `voucher create | list | void` against the same services as the API (docs/decisions/042-vouchers.md, ADR 002). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VOUCHER_CSV_HEADER } from '../../shared/contracts/vouchers.js';
import { parseVoucherCode } from '../../shared/domain/voucher-code.js';
import { describeEachDb, signUp, startTestApp, type TestApp } from '../test/harness.js';
import { redeem } from '../test/voucher-test-bed.js';
import { runCli, type CliContext } from './commands.js';

describeEachDb('command line: vouchers', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: false });
  });
  afterAll(() => t.stop());
  const cli = (argv: string[], extra: Partial<CliContext> = {}) => runCli(argv, { services: t.services, cwd: process.cwd(), ...extra });

  it('creates a batch and prints its codes one per line, the batch and expiry on stderr', async () => {
    const r = await cli(['voucher', 'create', '--plan', 'weekly', '--count', '25', '--batch', 'Remera agents']);
    expect(r.code).toBe(0);
    const codes = r.out.trimEnd().split('\n');
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const c of codes) expect(parseVoucherCode(c).ok, c).toBe(true);
    expect(r.err).toMatch(/^batch Remera agents: 25 weekly codes, valid until \d{4}-\d{2}-\d{2}T/);
    // A printed code works.
    const v = await signUp(t);
    const res = await redeem(t, v.cookie, codes[0]!);
    expect(res.json().redeemed.plan).toBe('weekly');
  });

  it('creates a batch as CSV with the header code,plan,batch,expiry, expiring at the end of the Kigali day given', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const r = await cli(['voucher', 'create', '--plan', 'daily', '--count', '3', '--batch', 'Huye-csv', '--csv', '--expires', `${year}-06-30`]);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toBe(VOUCHER_CSV_HEADER);
    expect(lines.slice(1)).toHaveLength(3);
    for (const l of lines.slice(1)) expect(l).toMatch(new RegExp(`^[2-9A-Z]{5}-[2-9A-Z]{5}-[2-9A-Z]{5},daily,Huye-csv,${year}-06-30T22:00:00.000Z$`));
  });

  it('lists batches with their counts, one by name, and voids one', async () => {
    const made = await cli(['voucher', 'create', '--plan', 'monthly', '--count', '4', '--batch', 'Musanze']);
    const code = made.out.split('\n')[0]!;
    await redeem(t, (await signUp(t)).cookie, code);
    const list = await cli(['voucher', 'list']);
    expect(list.code).toBe(0);
    const lines = list.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^BATCH\s+PLAN\s+CREATED\s+EXPIRES\s+STATE\s+CODES\s+REDEEMED\s+VOIDED$/);
    expect(lines.find((l) => l.startsWith('Musanze'))).toMatch(/^Musanze\s+monthly\s+\d{4}-\d{2}-\d{2}\s+\d{4}-\d{2}-\d{2}\s+active\s+4\s+1\s+0$/);
    expect(lines.find((l) => l.startsWith('Remera agents'))).toMatch(/weekly .*active\s+25\s+1\s+0$/);
    const one = await cli(['voucher', 'list', '--batch', 'Musanze']);
    expect(one.out.trimEnd().split('\n')).toHaveLength(2);

    const voided = await cli(['voucher', 'void', '--batch', 'Musanze']);
    expect(voided.code).toBe(0);
    expect(voided.out).toMatch(/^batch Musanze voided at \d{4}-\d{2}-\d{2}T\S+: 3 unused codes no longer work; 1 were redeemed\n$/);
    expect((await cli(['voucher', 'list', '--batch', 'Musanze'])).out).toMatch(/voided\s+4\s+1\s+3\n$/);
    const refused = await redeem(t, (await signUp(t)).cookie, made.out.split('\n')[1]!);
    expect(refused.json().error.code).toBe('voucher_voided');
    // Voiding again keeps the first time.
    const again = await cli(['voucher', 'void', '--batch', 'Musanze']);
    expect(again.out.match(/at (\S+):/)![1]).toBe(voided.out.match(/at (\S+):/)![1]);
  });

  it('fails with the reason for a name taken or unknown, and prints usage for bad arguments', async () => {
    const taken = await cli(['voucher', 'create', '--plan', 'daily', '--count', '1', '--batch', 'Musanze']);
    expect([taken.code, taken.out]).toEqual([1, '']);
    expect(taken.err).toMatch(/error: A voucher batch is already named Musanze/);
    for (const argv of [['voucher', 'void', '--batch', 'Nowhere'], ['voucher', 'list', '--batch', 'Nowhere']]) {
      const r = await cli(argv);
      expect([r.code, r.err]).toEqual([1, 'error: No voucher batch is named Nowhere.\n']);
    }
    const past = await cli(['voucher', 'create', '--plan', 'daily', '--count', '1', '--expires', '2020-01-01']);
    expect(past.code).toBe(1);
    expect(past.err).toMatch(/between today and 36 months/);
    for (const argv of [
      ['voucher', 'create', '--plan', 'daily'],
      ['voucher', 'create', '--count', '5'],
      ['voucher', 'create', '--plan', 'hourly', '--count', '5'],
      ['voucher', 'create', '--plan', 'daily', '--count', '0'],
      ['voucher', 'create', '--plan', 'daily', '--count', '10001'],
      ['voucher', 'create', '--plan', 'daily', '--count', '5', '--batch', '=cmd'],
      ['voucher', 'create', '--plan', 'daily', '--count', '5', '--expires', '2027-02-30'],
      ['voucher', 'void'],
      ['voucher', 'burn'],
    ]) {
      const r = await cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toMatch(/Usage|error/i);
    }
  });
});
