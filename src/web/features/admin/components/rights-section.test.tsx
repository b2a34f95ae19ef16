// @vitest-environment jsdom
/**
 * The Rights section of the edit dialogs (docs/product/admin.md §13; ADR 050): it shows the licence state and the
 * shares in percent; shares that do not add up to 100 % are refused with the reason and nothing is sent; a good save
 * sends the holders in basis points, the window as ISO instants and the countries.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TitleRights } from '../../../../shared/contracts/rights';
import { initI18n } from '../../../lib/i18n';
import { renderWithClient } from '../../../test/render';
import { RightsSection } from './rights-section';

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

const TITLE = '00000000-0000-4000-8000-00000000000a';
const TRANSLATOR = '00000000-0000-4000-8000-00000000000b';
const rights: TitleRights = {
  titleId: TITLE,
  kind: 'movie',
  title: 'Inzovu',
  holders: [
    { kind: 'translator', translatorId: TRANSLATOR, partyId: null, name: 'Junior Giti', email: null, msisdn: null, shareBp: 6000 },
    { kind: 'operator', translatorId: null, partyId: null, name: 'Sobanura', email: null, msisdn: null, shareBp: 4000 },
  ],
  licenceStart: '2026-01-01T00:00:00.000Z',
  licenceEnd: '2026-06-01T00:00:00.000Z',
  countries: ['RW'],
  needsReview: true,
  document: null,
  licence: { state: 'ended', reason: 'licence_ended', licenceStart: '2026-01-01T00:00:00.000Z', licenceEnd: '2026-06-01T00:00:00.000Z', countries: ['RW'], needsReview: true, titleId: TITLE },
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function setup() {
  const puts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/admin/translators')) return new Response(JSON.stringify({ translators: [{ id: TRANSLATOR, name: 'Junior Giti' }] }), { status: 200 });
      if ((init.method ?? 'GET') === 'PUT') {
        puts.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return new Response(JSON.stringify({ rights }), { status: 200 });
      }
      return new Response(JSON.stringify({ rights }), { status: 200 });
    }),
  );
  renderWithClient(<RightsSection titleId={TITLE} />);
  return puts;
}
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Update rights' }));

describe('RightsSection', () => {
  it('shows why the licence does not hold, and the shares in percent', async () => {
    setup();
    expect((await screen.findByTestId('licence-state')).textContent).toBe('Licence ended');
    expect(screen.getByText('Needs review')).toBeTruthy();
    expect(screen.getAllByLabelText('Share in percent').map((i) => (i as HTMLInputElement).value)).toEqual(['60', '40']);
    expect(screen.getByTestId('rights-total').textContent).toBe('Total: 100 % (must be 100 %)');
  });

  it('refuses shares that do not add up to 100 % and an end before the start, beside their fields, and sends nothing', async () => {
    const puts = setup();
    await screen.findByTestId('licence-state');
    fireEvent.change(screen.getAllByLabelText('Share in percent')[1]!, { target: { value: '30' } });
    expect(screen.getByTestId('rights-total').textContent).toBe('Total: 90 % (must be 100 %)');
    fireEvent.change(screen.getByLabelText('Licence ends'), { target: { value: '2025-12-01T00:00' } });
    save();
    // Every problem beside its part, at once, and no toast (ADR 056).
    const shares = await screen.findByText('The shares must add up to exactly 100 %.');
    expect(screen.getAllByLabelText('Share in percent')[0]!.getAttribute('aria-describedby')).toBe(shares.id);
    expect(screen.getAllByLabelText('Share in percent')[0]!.getAttribute('aria-invalid')).toBe('true');
    const end = screen.getByText('The licence must end after it starts.');
    expect(screen.getByLabelText('Licence ends').getAttribute('aria-describedby')).toBe(end.id);
    expect(toast.error).not.toHaveBeenCalled();
    expect(puts).toHaveLength(0);
  });

  it('sends holders in basis points, the window as instants and the countries', async () => {
    const puts = setup();
    await screen.findByTestId('licence-state');
    fireEvent.change(screen.getAllByLabelText('Share in percent')[0]!, { target: { value: '59.5' } });
    fireEvent.change(screen.getAllByLabelText('Share in percent')[1]!, { target: { value: '40.5' } });
    fireEvent.change(screen.getByLabelText('Countries (ISO codes, e.g. RW, UG)'), { target: { value: 'ug, rw' } });
    save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      holders: [
        { kind: 'translator', translatorId: TRANSLATOR, shareBp: 5950 },
        { kind: 'operator', shareBp: 4050 },
      ],
      licenceStart: '2026-01-01T00:00:00.000Z',
      licenceEnd: '2026-06-01T00:00:00.000Z',
      countries: ['RW', 'UG'],
    });
    // The toast follows the answer, a tick after the request was sent.
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Rights saved'));
  });
});
