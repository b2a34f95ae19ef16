import { describe, expect, it } from 'vitest';
import { kigaliDay, defaultRange, rangeProblem } from './analytics-tab';
import { canCreateGroup, groupPreview } from './groups-tab';
import { roleAction } from './people-tab';
import { nextSeasonNumber, validateEpisode } from './series-tab';
import { tabFromParam } from '../routes/admin-panel-page';
import { batchFormProblem } from './vouchers-tab';

describe('panel rules', () => {
  it('the tab comes from ?tab=, unknown values fall back to movies', () => {
    expect(tabFromParam('analytics')).toBe('analytics');
    expect(tabFromParam('people')).toBe('people');
    expect(tabFromParam('nope')).toBe('movies');
    expect(tabFromParam(null)).toBe('movies');
    // Vouchers are the super admin's only (ADR 042).
    expect(tabFromParam('vouchers')).toBe('vouchers');
    expect(tabFromParam('vouchers', 'admin')).toBe('movies');
    // Payments are every admin's to read (docs/product/admin.md §11); refunds stay a super admin's.
    expect(tabFromParam('payments', 'admin')).toBe('payments');
  });

  it('a voucher batch needs a plan and 1 to 10,000 codes; a name and a last day are optional (ADR 042)', () => {
    const ok = batchFormProblem({ plan: 'weekly', count: '250', name: ' Remera ', expiresOn: '' });
    expect(ok).toEqual({ body: { plan: 'weekly', count: 250, name: 'Remera' }, field: null });
    expect(batchFormProblem({ plan: 'weekly', count: '0', name: '', expiresOn: '' }).field).toBe('count');
    expect(batchFormProblem({ plan: 'weekly', count: '10001', name: '', expiresOn: '' }).field).toBe('count');
    expect(batchFormProblem({ plan: 'weekly', count: '2.5', name: '', expiresOn: '' }).field).toBe('count');
    expect(batchFormProblem({ plan: 'weekly', count: '5', name: '=x', expiresOn: '' }).field).toBe('name');
    expect(batchFormProblem({ plan: 'weekly', count: '5', name: '', expiresOn: '2027-02-30' }).field).toBe('expiresOn');
    expect(batchFormProblem({ plan: 'hourly', count: '5', name: '', expiresOn: '' }).field).toBe('plan');
  });

  it('group cards preview 3 movies then "+ N more"; creation needs a title and 2 distinct movies', () => {
    expect(groupPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(groupPreview(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(groupPreview(['a', 'b', 'c'], 7)).toEqual({ shown: ['a', 'b', 'c'], more: 4 });
    expect(canCreateGroup('Trilogy', ['a', 'b'])).toBe(true);
    expect(canCreateGroup('  ', ['a', 'b'])).toBe(false);
    expect(canCreateGroup('Trilogy', ['a', 'a'])).toBe(false);
    expect(canCreateGroup('Trilogy', ['a'])).toBe(false);
  });

  it('seasons default to count + 1; episodes need a title and a number ≥ 1', () => {
    expect(nextSeasonNumber([])).toBe(1);
    expect(nextSeasonNumber([{ seasonNumber: 1 }, { seasonNumber: 2 }])).toBe(3);
    expect(validateEpisode({ title: 'Pilot', episodeNumber: '1' })).toEqual({});
    expect(validateEpisode({ title: ' ', episodeNumber: '0' })).toEqual({ title: 'required', episodeNumber: 'episodeMin' });
    expect(validateEpisode({ title: 'x', episodeNumber: '1.5' })).toEqual({ episodeNumber: 'episodeMin' });
  });

  it('only a super_admin changes roles, never their own nor another super_admin', () => {
    const sa = { id: 's', role: 'super_admin' };
    expect(roleAction(sa, { id: 'u', role: 'user' })).toBe('grant');
    expect(roleAction(sa, { id: 'a', role: 'admin' })).toBe('remove');
    expect(roleAction(sa, { id: 's', role: 'super_admin' })).toBeNull();
    expect(roleAction(sa, { id: 's2', role: 'super_admin' })).toBeNull();
    expect(roleAction({ id: 'a', role: 'admin' }, { id: 'u', role: 'user' })).toBeNull();
  });

  it('analytics days are Kigali days; the default range is the last 30 days; long or reversed ranges are refused', () => {
    expect(kigaliDay(new Date('2026-03-01T21:59:00Z'))).toBe('2026-03-01');
    expect(kigaliDay(new Date('2026-03-01T22:00:00Z'))).toBe('2026-03-02');
    expect(defaultRange(new Date('2026-03-31T10:00:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(rangeProblem('2026-03-02', '2026-03-01')).toBe('rangeOrder');
    expect(rangeProblem('2025-01-01', '2026-01-01')).toBeNull();
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBe('rangeTooLong');
    expect(rangeProblem('', '2026-01-02')).toBe('rangeOrder');
  });
});
