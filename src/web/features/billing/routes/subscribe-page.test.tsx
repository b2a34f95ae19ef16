// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAN_IDS, PLANS } from '../../../../shared/domain/plans';
import { initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import type { PassWithTimeline } from '../components/purchase-effect';
import { SubscribePage } from './subscribe-page';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

function setup(url: string, { signedIn = true, operators = ['mtn', 'airtel'], pass = null as PassWithTimeline | null, plans = PLAN_IDS.map((id) => PLANS[id]) } = {}) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ plans, operators }), { status: 200 })));
  return renderRoutes([{ path: '/subscribe', element: <SubscribePage signedIn={signedIn} pass={pass} /> }, { path: '/login', element: <p>login page</p> }], url);
}
/** The page at `url` with whatever fetch is already stubbed. */
const setupRoutesOnly = (url: string) => renderRoutes([{ path: '/subscribe', element: <SubscribePage /> }], url);
const step = () => screen.queryByTestId('subscribe-dialog')?.getAttribute('data-step') ?? null;

describe('SubscribePage', () => {
  it('shows four plans: Monthly most popular; Yearly without a saving badge nor a struck-through price, as 84,000 is below 85,000 (ADR 022)', async () => {
    setup('/subscribe');
    await screen.findByTestId('plan-yearly');
    for (const id of PLAN_IDS) expect(screen.getByTestId(`plan-${id}`)).toBeTruthy();
    expect(screen.getByTestId('plan-monthly').textContent).toContain('Most Popular');
    expect(screen.getByTestId('plan-yearly').textContent).toContain('85,000 RWF');
    expect(screen.getByTestId('plan-yearly').textContent).not.toContain('Save');
    expect(screen.queryByTestId('plan-save')).toBeNull();
    expect(screen.getByTestId('plan-yearly').querySelector('s')).toBeNull();
    // Monthly is preselected by default.
    expect(screen.getByTestId('plan-monthly').className).toContain('ring-2');
    expect(screen.getByText('MTN Mobile Money and Airtel Money accepted. Prices in Rwandan francs (RWF).')).toBeTruthy();
  });

  it('shows "Save N%" and the struck-through price only when the compare-at price is above the price, with N from the prices', async () => {
    const plans = PLAN_IDS.map((id) => PLANS[id]);
    setup('/subscribe', {
      plans: [
        { ...plans[0]!, priceRwf: 500, compareAtRwf: 500 },
        { ...plans[1]!, priceRwf: 2990, compareAtRwf: 3000 },
        plans[2]!,
        { ...plans[3]!, priceRwf: 85000, compareAtRwf: 105000 },
      ],
    });
    await screen.findByTestId('plan-yearly');
    expect(screen.getByTestId('plan-yearly').textContent).toContain('Save 19%');
    expect(screen.getByTestId('plan-yearly').querySelector('s')?.textContent).toBe('105,000 RWF');
    // Equal: nothing. Under 1% off: struck through, no badge.
    expect(screen.getByTestId('plan-daily').querySelector('s')).toBeNull();
    expect(screen.getByTestId('plan-daily').textContent).not.toContain('Save');
    expect(screen.getByTestId('plan-weekly').querySelector('s')?.textContent).toBe('3,000 RWF');
    expect(screen.getByTestId('plan-weekly').textContent).not.toContain('Save');
    expect(screen.getAllByTestId('plan-save')).toHaveLength(1);
  });

  it('preselects ?plan=, walks select → payment → back → select, and closing resets', async () => {
    setup('/subscribe?plan=yearly');
    await screen.findByTestId('plan-yearly');
    expect(screen.getByTestId('plan-yearly').className).toContain('ring-2');
    expect(screen.getByTestId('plan-monthly').className).not.toContain('ring-2');
    fireEvent.click(screen.getByRole('button', { name: 'Choose Weekly Pass' }));
    expect(step()).toBe('payment');
    expect(screen.getByTestId('subscribe-dialog').textContent).toContain('3,000 RWF');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(step()).toBe('select');
    expect((screen.getByRole('radio', { name: /Weekly Pass/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Daily Pass/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(step()).toBe('payment');
    expect(screen.getByTestId('subscribe-dialog').textContent).toContain('500 RWF');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(step()).toBeNull());
    // Reopened through a plan card it starts again; its select step holds the preselected plan after a reset.
    fireEvent.click(screen.getByRole('button', { name: 'Choose Monthly Pass' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByRole('radio', { name: /Monthly Pass/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('falls back to monthly for an unknown ?plan=', async () => {
    setup('/subscribe?plan=forever');
    await screen.findByTestId('plan-monthly');
    expect(screen.getByTestId('plan-monthly').className).toContain('ring-2');
  });

  it('sends a visitor to /login with the reason and the way back to the plan when nobody is signed in (ADR 054)', async () => {
    const view = setup('/subscribe', { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Daily Pass' }));
    await waitFor(() => expect(view.location().pathname).toBe('/login'));
    expect(new URLSearchParams(view.location().search).get('next')).toBe('/subscribe?plan=daily');
    expect(new URLSearchParams(view.location().search).get('reason')).toBe('pay');
    expect(step()).toBeNull();
  });

  it('offers only the operators /api/plans lists', async () => {
    setup('/subscribe', { operators: ['mtn'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Daily Pass' }));
    expect(screen.getByLabelText('MTN Mobile Money number')).toBeTruthy();
    expect(screen.getByText('Pay with MTN Mobile Money')).toBeTruthy();
    expect(screen.queryByText(/Airtel/)).toBeNull();
  });

  describe('a pass bought as a gift (docs/decisions/046-gifts.md)', () => {
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const payment = { id: 'p1', kind: 'pass', plan: 'weekly', status: 'successful', amount: 3000, currency: 'RWF', reason: null, createdAt: '2026-12-01T08:00:00Z' };
    const gift = { id: 'g1', paymentId: 'p1', plan: 'weekly', recipient: 'a***@example.com', channel: 'email', status: 'sent', createdAt: '2026-12-01T08:00:00Z', activatedAt: null, expiresAt: null, claimedAt: null, sentCount: 1, lastSentAt: null };
    function stub(gifts: unknown[]) {
      const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/gifts') return json(200, { gifts });
        if (url === '/api/billing/payments' && init?.method === 'POST') return json(202, { payment: { ...payment, status: 'pending' } });
        if (url.startsWith('/api/billing/payments/')) return json(200, { payment });
        return json(200, { plans: PLAN_IDS.map((id) => PLANS[id]), operators: ['mtn', 'airtel'] });
      });
      vi.stubGlobal('fetch', fetchMock);
      return fetchMock;
    }

    it('sends the recipient with the payment, and the viewer\'s own pass effect is not shown for a gift', async () => {
      const fetchMock = stub([]);
      const end = new Date(Date.now() + 86400e3).toISOString();
      renderRoutes([{ path: '/subscribe', element: <SubscribePage pass={{ plan: 'daily', status: 'active', active: true, expiresAt: end, timeline: [{ plan: 'daily', startsAt: new Date().toISOString(), endsAt: end }] }} /> }], '/subscribe');
      fireEvent.click(await screen.findByRole('button', { name: 'Choose Weekly Pass' }));
      const dialog = screen.getByTestId('subscribe-dialog');
      expect(dialog.querySelector('[data-testid="purchase-effect"]')).toBeTruthy();
      fireEvent.click(screen.getByLabelText('Buy as a gift'));
      expect(dialog.querySelector('[data-testid="purchase-effect"]')).toBeNull();
      fireEvent.change(screen.getByLabelText('Their email address'), { target: { value: 'Aline@Example.com' } });
      fireEvent.change(screen.getByLabelText('MTN Mobile Money or Airtel Money number'), { target: { value: '0788123456' } });
      fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/billing/payments', expect.objectContaining({ method: 'POST' })));
      const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/billing/payments' && init?.method === 'POST')!;
      expect(JSON.parse(post[1]!.body as string)).toEqual({ plan: 'weekly', phone: '250788123456', gift: { email: 'aline@example.com', language: 'en' } });
    });

    it('after the payment, the success step says who the gift was sent to, not "your pass"', async () => {
      stub([gift]);
      setupRoutesOnly('/subscribe?paid=p1');
      const sent = await screen.findByTestId('gift-sent');
      expect(sent.textContent).toContain('Your Weekly Pass gift was sent to a***@example.com.');
      const dialog = screen.getByTestId('subscribe-dialog');
      expect(dialog.textContent).toContain('Your gift is on its way.');
      expect(dialog.textContent).not.toMatch(/your pass|is now active/i);
      expect(screen.getByRole('link', { name: 'See the gifts you sent' }).getAttribute('href')).toBe('/billing');
    });

    it('a pass for the viewer keeps its own success texts', async () => {
      stub([{ ...gift, paymentId: 'another' }]);
      setupRoutesOnly('/subscribe?paid=p1');
      await screen.findByText('Your Weekly Pass is now active. Enjoy watching!');
      expect(screen.queryByTestId('gift-sent')).toBeNull();
    });
  });

  describe('with a pass in force (ADR 019)', () => {
    const HOUR = 3600e3;
    const iso = (ms: number) => new Date(ms).toISOString();
    const effectOn = (id: string) => screen.getByTestId(`plan-${id}`).querySelector('[data-testid="purchase-effect"]');

    it('says a lesser pass starts when the Yearly ends, the same plan extends it, and nothing is said without a pass', async () => {
      const start = Date.now() - HOUR;
      const end = Date.now() + 300 * 24 * HOUR;
      const pass = { plan: 'yearly' as const, status: 'active' as const, active: true, expiresAt: iso(end), timeline: [{ plan: 'yearly' as const, startsAt: iso(start), endsAt: iso(end) }] };
      setup('/subscribe', { pass });
      await screen.findByTestId('plan-yearly');
      // Written in Kigali time (lib/format.ts formatDate), whatever the runtime's zone.
      const kigali = (ms: number) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Kigali' }).format(new Date(ms)).replace(/\u202f/g, ' ');
      expect(effectOn('daily')?.textContent).toBe(`Starts when your Yearly Pass ends, on ${kigali(end)}, and runs until ${kigali(end + 24 * HOUR)}.`);
      expect(effectOn('monthly')?.getAttribute('data-effect')).toBe('queued');
      expect(effectOn('yearly')?.textContent).toMatch(/^Adds 365 days to your Yearly Pass: it will end on /);
      // The payment step repeats it.
      fireEvent.click(screen.getByRole('button', { name: 'Choose Daily Pass' }));
      expect(screen.getByTestId('subscribe-dialog').querySelector('[data-testid="purchase-effect"]')?.textContent).toContain('Starts when your Yearly Pass ends');
    });

    it('says a better pass takes effect now and the Daily hours left resume after it, behind what is already queued', async () => {
      const end = Date.now() + 20 * HOUR - 60e3;
      const pass = {
        plan: 'daily' as const,
        status: 'active' as const,
        active: true,
        expiresAt: iso(end),
        timeline: [{ plan: 'daily' as const, startsAt: iso(Date.now() - 4 * HOUR), endsAt: iso(end) }],
      };
      setup('/subscribe', { pass });
      await screen.findByTestId('plan-yearly');
      expect(effectOn('yearly')?.textContent).toMatch(/^Takes effect now, until .*\. The 20 hours left on your Daily Pass resume after it\.$/);
      expect(effectOn('daily')?.getAttribute('data-effect')).toBe('extends');
    });

    it('says nothing when the pass has ended', async () => {
      setup('/subscribe', { pass: { plan: 'yearly', status: 'active', active: false, expiresAt: new Date(Date.now() - 1000).toISOString(), timeline: [] } });
      await screen.findByTestId('plan-yearly');
      expect(screen.queryAllByTestId('purchase-effect')).toEqual([]);
    });
  });
});
