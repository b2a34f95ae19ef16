// @vitest-environment jsdom
/**
 * The voucher form of /redeem (docs/decisions/042-vouchers.md, ADR 024): a POST of `code` to its route; a typo is
 * refused by the check character before anything is sent; what a form post answered by the server left in the URL
 * (the pass added, or an error) is shown in the viewer's language; a JSON refusal is translated.
 */
import { randomInt } from 'node:crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeVoucherCode } from '../../../../shared/domain/voucher-code';
import { changeLanguage, i18n, initI18n } from '../../../lib/i18n';
import { kigaliDateTime, RedeemForm } from './redeem-form';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const at = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <RedeemForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const field = () => screen.getByLabelText('Voucher code') as HTMLInputElement;

describe('the voucher form', () => {
  it('is a form post of `code` to /api/vouchers/redeem with a Redeem button', () => {
    at('/redeem');
    const form = field().closest('form')!;
    expect([form.method, form.getAttribute('action'), form.hasAttribute('data-busy-on-submit'), field().name]).toEqual(['post', '/api/vouchers/redeem', true, 'code']);
    expect(screen.getByRole('button', { name: 'Redeem' })).toBeTruthy();
  });

  it('refuses a typo by its check character without asking the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    at('/redeem');
    const code = makeVoucherCode(randomInt);
    const typo = code.slice(0, -1) + (code.at(-1) === '2' ? '3' : '2');
    fireEvent.change(field(), { target: { value: typo } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(screen.getByText(i18n.t('vouchers.problems.check'))).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'ABC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(screen.getByText(i18n.t('vouchers.problems.length'))).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a good code and says which pass was added and until when; a refusal is translated', async () => {
    const redeemed = { plan: 'weekly', startsAt: '2026-11-28T10:00:00.000Z', endsAt: '2026-12-05T10:00:00.000Z', passesEndAt: '2026-12-05T10:00:00.000Z' };
    const fetch = vi.fn(async () => new Response(JSON.stringify({ redeemed }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    at('/redeem');
    const code = makeVoucherCode(randomInt);
    fireEvent.change(field(), { target: { value: code.toLowerCase() } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(screen.getByTestId('voucher-redeemed')).toBeTruthy());
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ code: code.replaceAll('-', '') });
    expect(screen.getByText('Weekly Pass added')).toBeTruthy();
    expect(screen.getByTestId('voucher-redeemed').textContent).toContain('until 2026-12-05 12:00');

    cleanup();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'voucher_used', message: 'x', details: { byYou: true } } }), { status: 409, headers: { 'content-type': 'application/json' } })));
    at('/redeem');
    fireEvent.change(field(), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(screen.getByText(i18n.t('vouchers.usedByYou'))).toBeTruthy());
  });

  it('shows what a form post left in the URL: the pass added, or each error in the viewer’s language', async () => {
    at('/redeem?redeemed=daily&starts=2026-12-05T10%3A00%3A00.000Z&ends=2026-12-06T10%3A00%3A00.000Z&until=2026-12-06T10%3A00%3A00.000Z');
    expect(screen.getByText('Daily Pass added')).toBeTruthy();
    cleanup();
    for (const [query, text] of [
      ['error=voucher_unknown', i18n.t('errors.voucher_unknown')],
      ['error=voucher_used', i18n.t('errors.voucher_used')],
      ['error=voucher_expired', i18n.t('errors.voucher_expired')],
      ['error=voucher_voided', i18n.t('errors.voucher_voided')],
      ['error=voucher_locked&retry=3500', i18n.t('errors.voucher_locked', { retryAfterMinutes: 59 })],
      ['error=voucher_malformed&code=ABCDE-FGHJK-MNPQ2', i18n.t('vouchers.problems.check')],
    ] as const) {
      at(`/redeem?${query}`);
      expect(screen.getByText(text), query).toBeTruthy();
      cleanup();
    }
    at('/redeem?error=voucher_malformed&code=ABCDE-FGHJK-MNPQ2');
    expect(field().value).toBe('ABCDE-FGHJK-MNPQ2');
    // In French and Kinyarwanda too.
    for (const [lng, label, button] of [['fr', 'Code du bon', 'Utiliser'], ['rw', 'Kode ya voucher', 'Koresha']] as const) {
      cleanup();
      await changeLanguage(lng);
      at('/redeem?error=voucher_expired');
      expect(screen.getByLabelText(label)).toBeTruthy();
      expect(screen.getByRole('button', { name: button })).toBeTruthy();
      expect(screen.getByText(i18n.t('errors.voucher_expired'))).toBeTruthy();
    }
    await changeLanguage('en');
  });

  it('writes instants in Kigali time', () => {
    expect(kigaliDateTime('2026-12-31T22:30:00.000Z')).toBe('2027-01-01 00:30');
  });
});
