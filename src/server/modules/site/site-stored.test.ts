/**
 * Stored site settings survive a new plan and a bad field (docs/decisions/039-plans-and-languages-as-data.md): the
 * service reads the stored document field by field, a plan missing from the saved prices takes its default price,
 * and a field that does not pass falls back alone, logged as a warning.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/contracts/site-defaults.js';
import { PLAN_IDS } from '../../../shared/domain/plans.js';
import type { Database } from '../../db/client.js';
import { createSiteService } from './site.service.js';

const saved = {
  ...DEFAULT_SITE_SETTINGS,
  supportEmail: 'help@example.rw',
  postalAddress: 'Musanze',
  prices: { ...DEFAULT_SITE_SETTINGS.prices, monthly: { priceRwf: 6500, compareAtRwf: 8000 } },
};

function serviceReading(data: unknown) {
  const warnings: { obj: object; msg: string }[] = [];
  const site = createSiteService({
    repo: { read: async () => ({ data, updatedBy: null, updatedAt: new Date(0) }), write: async () => {} },
    db: null as unknown as Database,
    log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
  });
  return { site, warnings };
}

describe('stored site settings read back', () => {
  it('keeps every saved setting when the saved prices lack a plan added since (its default price applies)', async () => {
    const { weekly: _dropped, ...pricesWithoutWeekly } = saved.prices;
    const { site, warnings } = serviceReading({ ...saved, prices: pricesWithoutWeekly });
    const s = await site.current();
    expect(s.supportEmail).toBe('help@example.rw');
    expect(s.postalAddress).toBe('Musanze');
    expect(s.prices.monthly).toEqual({ priceRwf: 6500, compareAtRwf: 8000 });
    expect(s.prices.weekly).toEqual(DEFAULT_SITE_SETTINGS.prices.weekly);
    expect(Object.keys(s.prices).sort()).toEqual([...PLAN_IDS].sort());
    expect(await site.planPrice('monthly')).toBe(6500);
    expect(warnings).toEqual([]);
  });

  it('lets one unparseable field fall back alone, logged as a warning naming it', async () => {
    const { site, warnings } = serviceReading({ ...saved, supportEmail: 'not an email', prices: { ...saved.prices, daily: { priceRwf: -3, compareAtRwf: null } } });
    const s = await site.current();
    expect(s.supportEmail).toBe(DEFAULT_SITE_SETTINGS.supportEmail);
    expect(s.postalAddress).toBe('Musanze');
    expect(s.prices.daily).toEqual(DEFAULT_SITE_SETTINGS.prices.daily);
    expect(s.prices.monthly.priceRwf).toBe(6500);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.obj).toMatchObject({ fields: ['supportEmail', 'prices.daily'] });
  });

  it('serves the defaults, logged, for a stored document that is not an object', async () => {
    const { site, warnings } = serviceReading('garbage');
    expect(await site.current()).toEqual(DEFAULT_SITE_SETTINGS);
    expect(warnings[0]!.obj).toMatchObject({ fields: ['*'] });
  });
});
