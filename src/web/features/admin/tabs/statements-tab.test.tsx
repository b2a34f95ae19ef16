// @vitest-environment jsdom
/**
 * The Statements tab (docs/product/admin.md §14 and "Payouts"; ADR 051, ADR 052): the last month by default, an open
 * month's preview per holder and currency with money, titles, the arithmetic, the printable pages and the CSV links;
 * Close month only for a super admin, behind a confirmation, with the server's 409 told in words; a closed month's
 * payouts with status and reason in words, the run, and "Correct number and retry" only on the rows the server would
 * retry: a translator's number saved on their record first, a party's sent with the retry.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import type { PayoutView } from '../../../../shared/contracts/payouts';
import type { StatementsReport } from '../../../../shared/contracts/statements';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { renderWithClient } from '../../../test/render';
import { canRetryPayout, payoutHolder, previousMonth, StatementsTab } from './statements-tab';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const TRANSLATOR = '11111111-1111-4111-8111-111111111111';
const PARTY = '22222222-2222-4222-8222-222222222222';
const FILM = '33333333-3333-4333-8333-333333333333';
const user = (role: SessionUser['role']) => ({ id: 'me', email: 'me@example.com', name: 'Me', role }) as SessionUser;

function report(month: string, closed: boolean): StatementsReport {
  return {
    month,
    model: 'user-centric',
    closed,
    closedAt: closed ? '2026-11-02T08:00:00.000Z' : null,
    platformShareBps: 3000,
    totals: [{ currency: 'RWF', revenue: 7000, passRevenue: 7000, titleRevenue: 0, fees: 0, platformShare: 2100, retainedNoMinutes: 0, retainedNoHolders: 0, unwatchedPool: 0, holders: 4900, viewers: 1 }],
    holders: [
      {
        holderId: `translator:${TRANSLATOR}`,
        kind: 'translator',
        name: 'Rocky Kimomo',
        currencies: {
          RWF: {
            seconds: 5430,
            minutes: 90.5,
            amount: 4900,
            titles: [{ titleId: FILM, title: 'Inkuru', shareBps: 10_000, seconds: 5430, minutes: 90.5, titlePassAmount: 4900, titlePurchaseAmount: 0, amount: 4900 }],
            explanation: ['Revenue 7000 RWF − platform share 2100 (30% of each payment net of fees) = 4900 for holders.'],
          },
        },
      },
    ],
  };
}

const payout = (over: Partial<PayoutView>): PayoutView => ({
  id: '44444444-4444-4444-8444-000000000001',
  month: '2026-10',
  holderKey: `translator:${TRANSLATOR}`,
  holderName: 'Rocky Kimomo',
  currency: 'RWF',
  amount: 4900,
  carriedIn: 0,
  msisdn: '250788123456',
  country: 'RW',
  provider: 'sandbox',
  status: 'successful',
  reason: null,
  operatorTransactionId: 'tx1',
  supersededBy: null,
  carriedInto: null,
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
  ...over,
});
const FAILED = payout({ id: '44444444-4444-4444-8444-000000000002', status: 'failed', reason: 'PAYEE_NOT_FOUND', operatorTransactionId: null });
const PARTY_CARRIED = payout({ id: '44444444-4444-4444-8444-000000000003', holderKey: `party:${PARTY}`, holderName: 'Studio Ltd', msisdn: null, country: null, provider: null, status: 'carried', reason: 'NO_NUMBER', operatorTransactionId: null });
const SMALL = payout({ id: '44444444-4444-4444-8444-000000000004', holderName: 'Small Holder', amount: 300, status: 'carried', reason: 'BELOW_MINIMUM', operatorTransactionId: null });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
type Call = { url: string; method: string; body: unknown };

/** Stubs the API: `answer` may answer a call first; else GET statements and payouts from the given state. */
function setup(role: SessionUser['role'], state: { closed: boolean; payouts?: PayoutView[] }, answer: (c: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const own = answer(call);
      if (own) return own;
      const m = /^\/api\/admin\/statements\/([^/]+)$/.exec(url);
      if (m && call.method === 'GET') return json(200, report(m[1]!, state.closed));
      if (url.startsWith('/api/admin/payouts?month=')) return json(200, { month: '2026-10', closed: state.closed, payouts: state.payouts ?? [] });
      return json(404, { error: { code: 'not_found', message: `No route ${url}` } });
    }),
  );
  renderWithClient(<StatementsTab me={user(role)} />);
  return calls;
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('statements rules', () => {
  it('opens on the month before this one (UTC), across a new year', () => {
    expect(previousMonth(new Date('2026-11-29T10:00:00Z'))).toBe('2026-10');
    expect(previousMonth(new Date('2027-01-01T00:00:00Z'))).toBe('2026-12');
    expect(previousMonth(new Date('2026-03-31T23:59:59Z'))).toBe('2026-02');
  });

  it('offers a retry only for failed, refused, or carried-for-the-number rows not already retried or carried on', () => {
    expect(canRetryPayout(FAILED)).toBe(true);
    expect(canRetryPayout({ ...FAILED, status: 'refused' })).toBe(true);
    expect(canRetryPayout(PARTY_CARRIED)).toBe(true);
    for (const reason of ['INVALID_NUMBER', 'PAYOUTS_OFF', 'WALLET_CURRENCY']) expect(canRetryPayout({ ...PARTY_CARRIED, reason }), reason).toBe(true);
    expect(canRetryPayout(SMALL)).toBe(false);
    expect(canRetryPayout({ ...SMALL, reason: 'CURRENCY_NOT_PAID' })).toBe(false);
    expect(canRetryPayout(payout({}))).toBe(false);
    expect(canRetryPayout({ ...payout({}), status: 'created' })).toBe(false);
    expect(canRetryPayout({ ...FAILED, supersededBy: 'x' })).toBe(false);
    expect(canRetryPayout({ ...PARTY_CARRIED, carriedInto: 'x' })).toBe(false);
    expect(payoutHolder(`translator:${TRANSLATOR}`)).toEqual({ kind: 'translator', id: TRANSLATOR });
    expect(payoutHolder(`party:${PARTY}`)).toEqual({ kind: 'party', id: PARTY });
    expect(payoutHolder('operator')).toEqual({ kind: 'operator' });
  });
});

describe('StatementsTab', () => {
  it('shows last month’s preview to an admin: amounts, minutes, titles, the arithmetic, pages and CSV; no Close, no payouts', async () => {
    const calls = setup('admin', { closed: false });
    const row = await screen.findByTestId('statement-row');
    const month = previousMonth(new Date());
    expect(calls[0]!.url).toBe(`/api/admin/statements/${month}`);
    expect(within(row).getByText('Rocky Kimomo')).toBeTruthy();
    expect(within(row).getByText('Translator')).toBeTruthy();
    expect(within(row).getByTestId('statement-amount').textContent).toBe('4,900 RWF');
    expect(within(row).getByText('90.50')).toBeTruthy();
    expect(within(row).getByText('Inkuru: 4,900 RWF (100.00 % share)')).toBeTruthy();
    expect(within(row).getByText('How it was computed')).toBeTruthy();
    expect(within(row).getByText(/platform share 2100/)).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Printable statement of Rocky Kimomo' }).getAttribute('href')).toBe(`/api/admin/statements/${month}/holders/translator%3A${TRANSLATOR}/page`);
    expect(screen.getByRole('link', { name: 'CSV per holder' }).getAttribute('href')).toBe(`/api/admin/statements/${month}/holders.csv`);
    expect(screen.getByRole('link', { name: 'CSV per title' }).getAttribute('href')).toBe(`/api/admin/statements/${month}/titles.csv`);
    expect(screen.getByTestId('statements-totals').textContent).toBe('RWF: revenue 7,000 RWF, to holders 4,900 RWF, platform share and kept 2,100 RWF, fees 0 RWF');
    expect(screen.getByTestId('statements-state').textContent).toContain('Open: a preview');
    expect(screen.queryByRole('button', { name: 'Close month' })).toBeNull();
    expect(screen.queryByText('Payouts')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/admin/payouts'))).toBe(false);
  });

  it('reads the month picked, and refuses a month that is not one without asking the server', async () => {
    const calls = setup('admin', { closed: false });
    await screen.findByTestId('statement-row');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-09' } });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/admin/statements/2026-09'));
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '' } });
    expect(await screen.findByText('Pick a month (YYYY-MM).')).toBeTruthy();
    expect(calls.length).toBe(before);
  });

  it('lets a super admin close a month after asking, and tells a 409 in words (a month not over, in French)', async () => {
    await changeLanguage('fr');
    const calls = setup('super_admin', { closed: false }, (c) => (c.method === 'POST' ? json(409, { error: { code: 'conflict', message: 'not over', details: { reason: 'month_not_over' } } }) : undefined));
    await screen.findByTestId('statement-row');
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer le mois' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clôturer le mois' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    const month = previousMonth(new Date());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/admin/statements/${month}/close`]);
    expect(toast.error.mock.calls[0]![1].description).toMatch(/^\S+ \d{4} n'est pas encore terminé : un mois se clôture une fois fini\.$/);
  });

  it('says a month already closed is so, and a closed one is then shown closed', async () => {
    let closed = false;
    setup('super_admin', { get closed() { return closed; } }, (c) => {
      if (c.method !== 'POST') return undefined;
      closed = true;
      return json(409, { error: { code: 'conflict', message: 'closed', details: { reason: 'already_closed' } } });
    });
    await screen.findByTestId('statement-row');
    fireEvent.click(screen.getByRole('button', { name: 'Close month' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Close month' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(toast.error.mock.calls[0]![1].description).toMatch(/ is already closed\.$/);
    await waitFor(() => expect(screen.getByTestId('statements-state').textContent).toMatch(/^Closed on /));
    expect(screen.queryByRole('button', { name: 'Close month' })).toBeNull();
  });

  it('lists a closed month’s payouts with status and reason in words, and retries only what the server would', async () => {
    setup('super_admin', { closed: true, payouts: [payout({}), FAILED, PARTY_CARRIED, SMALL] });
    const rows = await screen.findAllByTestId('payout-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['successful', 'failed', 'carried', 'carried']);
    expect(within(rows[0]!).getByText('Paid')).toBeTruthy();
    expect(within(rows[0]!).getByText('+250 788 123 456')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('payout-reason').textContent).toBe('This number has no mobile-money account.');
    expect(within(rows[2]!).getByTestId('payout-reason').textContent).toBe('No mobile-money number on record.');
    expect(within(rows[2]!).getByText('No number')).toBeTruthy();
    expect(within(rows[3]!).getByTestId('payout-reason').textContent).toBe('Below the minimum payout: added to the next one.');
    const retryButtons = rows.map((r) => within(r).queryByRole('button', { name: /^Correct the number of / }) !== null);
    expect(retryButtons).toEqual([false, true, true, false]);
  });

  it('runs the month’s payouts after asking, and says what happened', async () => {
    const calls = setup('super_admin', { closed: true }, (c) =>
      c.url === '/api/admin/payouts/run' ? json(200, { month: '2026-10', closed: true, payouts: [payout({})], counts: { successful: 1, carried: 2, failed: 1, refused: 1, created: 0, accepted: 1 } }) : undefined,
    );
    await screen.findByText('No payouts for this month yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Run payouts' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run payouts' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ url: '/api/admin/payouts/run', method: 'POST', body: { month: previousMonth(new Date()) } }]);
    expect(toast.success.mock.calls[0]![0]).toMatch(/: 1 paid, 1 waiting for the operator, 2 carried, 2 failed or refused\.$/);
  });

  it('saves a translator’s corrected number on their record, then retries; a bad number stops before the retry', async () => {
    let phoneOk = false;
    const calls = setup('super_admin', { closed: true, payouts: [FAILED] }, (c) => {
      if (c.method === 'PATCH') return phoneOk ? json(200, { translator: { id: TRANSLATOR, name: 'Rocky Kimomo' }, account: { status: 'none' } }) : json(400, { error: { code: 'invalid_msisdn', message: 'bad' } });
      if (c.url.endsWith('/retry')) return json(201, { payout: payout({ id: 'new', status: 'successful' }) });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Correct the number of Rocky Kimomo and retry' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Mobile-money number') as HTMLInputElement).value).toBe('+250788123456');
    fireEvent.change(within(dialog).getByLabelText('Mobile-money number'), { target: { value: '0612345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and retry' }));
    expect(await within(dialog).findByText('Enter a valid mobile number of Rwanda (+250) or Uganda (+256).')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/retry'))).toHaveLength(0);

    phoneOk = true;
    fireEvent.change(within(dialog).getByLabelText('Mobile-money number'), { target: { value: '0788 999 888' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and retry' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Rocky Kimomo: Paid.', { description: undefined }));
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.slice(-2)).toEqual([
      { url: `/api/admin/translators/${TRANSLATOR}`, method: 'PATCH', body: { phone: '0788 999 888' } },
      { url: `/api/admin/payouts/${FAILED.id}/retry`, method: 'POST', body: {} },
    ]);
  });

  it('sends a party’s number with the retry itself, and tells a retry the server refuses', async () => {
    const calls = setup('super_admin', { closed: true, payouts: [PARTY_CARRIED] }, (c) => (c.url.endsWith('/retry') ? json(409, { error: { code: 'conflict', message: 'already retried' } }) : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Correct the number of Studio Ltd and retry' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and retry' }));
    expect(await within(dialog).findByText('Enter a mobile-money number.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Mobile-money number'), { target: { value: '+256 772 123 456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and retry' }));
    expect(await within(dialog).findByText(/^This payout cannot be retried now/)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([{ url: `/api/admin/payouts/${PARTY_CARRIED.id}/retry`, method: 'POST', body: { msisdn: '+256 772 123 456' } }]);
  });
});
