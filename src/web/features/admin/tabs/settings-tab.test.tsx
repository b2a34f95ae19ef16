// @vitest-environment jsdom
/**
 * The Settings tab (docs/decisions/022): a bad value is shown translated on its field and nothing is sent; a value
 * the server refuses is put on its field, what was typed stays, and nothing stored changes; a good save sends the
 * whole document with blanks as null.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../../../shared/contracts/site-defaults';
import { initI18n } from '../../../lib/i18n';
import { renderWithClient } from '../../../test/render';
import { fromForm, SettingsTab, settingsForm, toForm } from './settings-tab';

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

type Put = (body: Record<string, unknown>) => Response;
function setup(put: Put) {
  const calls: { method: string; body: Record<string, unknown> | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ method, body });
      return method === 'PUT' ? put(body!) : new Response(JSON.stringify(DEFAULT_SITE_SETTINGS), { status: 200 });
    }),
  );
  renderWithClient(<SettingsTab />);
  return calls;
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

describe('SettingsTab', () => {
  it('turns stored settings into form values and back', () => {
    const back = fromForm(settingsForm.parse(toForm(DEFAULT_SITE_SETTINGS)));
    expect(back).toEqual(DEFAULT_SITE_SETTINGS);
    expect(fromForm(settingsForm.parse({ ...toForm(DEFAULT_SITE_SETTINGS), sampleTestimonials: false })).testimonials).toEqual([]);
  });

  it('shows a bad email translated on its field, and sends nothing', async () => {
    const calls = setup(() => new Response('{}', { status: 500 }));
    await screen.findByTestId('settings-form');
    fireEvent.change(field('Support email'), { target: { value: 'nope' } });
    save();
    await screen.findByText('Enter a valid email address.');
    expect(screen.getByTestId('settings-invalid').textContent).toBe('Some fields need fixing. Nothing was saved.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('puts a refused value on its field and keeps what was typed', async () => {
    setup(() => new Response(JSON.stringify({ error: { code: 'validation_failed', message: 'bad', details: { fields: [{ field: 'body.supportPhone', message: 'Enter a phone number of 9 to 15 digits' }] } } }), { status: 400 }));
    await screen.findByTestId('settings-form');
    fireEvent.change(field('Support phone'), { target: { value: '+250 788 999 999' } });
    save();
    await screen.findByText('Enter a phone number of 9 to 15 digits (spaces and a leading + allowed).');
    expect(field('Support phone').value).toBe('+250 788 999 999');
    expect(toast.error).toHaveBeenCalled();
  });

  it('takes UGX and USD prices in major units and sends them in minor units (docs/decisions/043)', async () => {
    const calls = setup((body) => new Response(JSON.stringify(body), { status: 200 }));
    await screen.findByTestId('settings-form');
    const title = field('One title alone (USD)');
    expect(title.value).toBe('4.99');
    fireEvent.change(title, { target: { value: '5.49' } });
    fireEvent.change(screen.getByLabelText('Weekly Pass (UGX)'), { target: { value: '9000' } });
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Settings saved'));
    const put = calls.find((c) => c.method === 'PUT')!.body! as { currencyPrices: Record<string, { title: number; plans: Record<string, { price: number }> }> };
    expect(put.currencyPrices.USD!.title).toBe(549);
    expect(put.currencyPrices.UGX!.plans.weekly!.price).toBe(9000);
    expect(put.currencyPrices.USD!.plans.yearly).toEqual({ price: 5999, compareAt: 7188 });
  });

  it('sends the whole document, blanks as null, and says it is saved', async () => {
    const calls = setup((body) => new Response(JSON.stringify(body), { status: 200 }));
    await screen.findByTestId('settings-form');
    fireEvent.change(field('Postal address'), { target: { value: '' } });
    fireEvent.change(screen.getAllByLabelText('Price')[3]!, { target: { value: '90000' } });
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Settings saved'));
    const put = calls.find((c) => c.method === 'PUT')!.body!;
    expect(put.postalAddress).toBeNull();
    expect((put.prices as Record<string, { priceRwf: number }>).yearly?.priceRwf).toBe(90000);
    expect(put.testimonials).toBeNull();
  });
});

describe('the Settings tab is a super admin\'s', () => {
  it('sends an admin asking for ?tab=settings to the movies tab', async () => {
    const { tabFromParam } = await import('../routes/admin-panel-page');
    expect(tabFromParam('settings', 'super_admin')).toBe('settings');
    expect(tabFromParam('settings', 'admin')).toBe('movies');
    expect(tabFromParam('people', 'admin')).toBe('people');
  });
});
