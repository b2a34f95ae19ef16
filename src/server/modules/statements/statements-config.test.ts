/** The statements' configuration (docs/decisions/051-statements.md): the platform share and the fee rates, good and bad. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-statements-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('defaults to a 30% platform share and no fees, and reads fee rates per provider', () => {
  expect(loadConfig({ DATA_DIR: dir }).statements).toEqual({ platformShareBps: 3000, feeBps: {} });
  expect(loadConfig({ DATA_DIR: dir, STATEMENT_PLATFORM_SHARE_BPS: '2500', STATEMENT_FEE_BPS: ' MTN=150, card=350 ' }).statements).toEqual({ platformShareBps: 2500, feeBps: { mtn: 150, card: 350 } });
});

it('refuses a share or a fee rate that is not whole basis points up to 10000, naming the variable', () => {
  for (const bad of ['-1', '10001', '12.5', 'thirty']) expect(() => loadConfig({ DATA_DIR: dir, STATEMENT_PLATFORM_SHARE_BPS: bad }), bad).toThrow(/STATEMENT_PLATFORM_SHARE_BPS/);
  for (const bad of ['mtn', 'mtn=', 'mtn=1.5', 'mtn=10001', 'mtn=150,', '=150', 'mtn=150;card=3']) expect(() => loadConfig({ DATA_DIR: dir, STATEMENT_FEE_BPS: bad }), bad).toThrow(/STATEMENT_FEE_BPS: must be provider=basis points/);
});

it('takes the configured fee of each payment’s provider off before the platform share (a provider not named: none)', async () => {
  const { createStatementsService } = await import('./statements.service.js');
  const settledAt = new Date('2026-10-01T00:00:00Z');
  const repo = {
    payments: async () => [
      { paymentId: 'p1', currency: 'RWF', amount: 10_000, provider: 'mtn', kind: 'title' as const, viewerId: 'v', titleId: 'film', settledAt, durationSeconds: 0 },
      { paymentId: 'p2', currency: 'RWF', amount: 10_000, provider: 'airtel', kind: 'title' as const, viewerId: 'v', titleId: 'film', settledAt, durationSeconds: 0 },
    ],
    viewing: async () => [],
    holders: async () => ({ shares: [{ titleId: 'film', holderId: 'operator', shareBps: 10_000 }], holders: new Map() }),
    titleNames: async () => new Map([['film', 'Film']]),
    closed: async () => null,
  } as unknown as Parameters<typeof createStatementsService>[0]['repo'];
  const r = await createStatementsService({ repo, config: { platformShareBps: 3000, feeBps: { mtn: 150 } } }).statements('2026-10');
  // mtn: 10000 − 150 fee = 9850 → 2955 platform, 6895; airtel: no fee → 3000 platform, 7000.
  expect(r.totals).toEqual([expect.objectContaining({ currency: 'RWF', revenue: 20_000, fees: 150, platformShare: 5955, holders: 13_895 })]);
  expect(r.holders).toEqual([expect.objectContaining({ holderId: 'operator', name: 'Sobanura', currencies: { RWF: expect.objectContaining({ amount: 13_895 }) } })]);
});
