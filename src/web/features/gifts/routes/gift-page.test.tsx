// @vitest-environment jsdom
/**
 * /gift (docs/decisions/046-gifts.md): the code from the message's link is filled in, a typo is caught by the check
 * character before any request, a claimed gift says which pass was added, and a lock-out names the minutes to wait.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeVoucherCode } from '../../../../shared/domain/voucher-code';
import { initI18n } from '../../../lib/i18n';
import { renderWithClient } from '../../../test/render';
import { GiftPage } from './gift-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CODE = makeVoucherCode((n) => 7 % n);

function setup(answer: () => Response, code = CODE) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  renderWithClient(
    <MemoryRouter initialEntries={[`/gift?code=${code}`]}>
      <GiftPage />
    </MemoryRouter>,
  );
  return fetchMock;
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('GiftPage', () => {
  it('fills in the code from the link and claims it: the pass added is named', async () => {
    const fetchMock = setup(() => json(200, { claimed: { plan: 'weekly', startsAt: '2026-12-01T10:00:00Z', endsAt: '2026-12-08T10:00:00Z', passesEndAt: '2026-12-08T10:00:00Z' } }));
    expect((screen.getByLabelText('Gift code') as HTMLInputElement).value).toBe(CODE);
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await screen.findByText('Weekly Pass added to your account');
    expect(fetchMock).toHaveBeenCalledWith('/api/gifts/claim', expect.objectContaining({ method: 'POST', body: JSON.stringify({ code: CODE.replace(/-/g, '') }) }));
  });

  it('catches a typo before asking the server, and shows the server\'s refusal in the viewer\'s language', async () => {
    const typo = `${CODE.slice(0, -1)}${CODE.endsWith('A') ? 'B' : 'A'}`;
    const fetchMock = setup(() => json(409, { error: { code: 'gift_claimed', message: 'This gift has already been claimed.' } }), typo);
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await screen.findByText('This is not a gift code. Check each character.');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Gift code'), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(screen.getByText('This gift has already been claimed.')).toBeTruthy());
  });

  it('names the minutes to wait when too many wrong gift codes locked the account out (gift_locked)', async () => {
    setup(() => json(429, { error: { code: 'gift_locked', message: 'Too many wrong gift codes. Try again in 42 minutes.', details: { retryAfterSeconds: 2500, retryAfterMinutes: 42, scope: 'account' } } }));
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await screen.findByText('Too many wrong gift codes. Try again in 42 minutes.');
  });
});
