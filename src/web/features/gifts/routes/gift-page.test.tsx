// @vitest-environment jsdom
/**
 * /gift (docs/decisions/046-gifts.md): the code from the message's link is filled in, a typo is caught by the check
 * character before any request, a claimed gift says which pass was added, and a lock-out names the minutes to wait.
 * Signed out (ADR 046 amended 2026-11-29), the page claims with a new account: the fields go to
 * /api/gifts/claim-with-account, a taken email says to sign in (the link keeps the code and takes the email), and
 * a gift lost after the account was made says so and offers no second try.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
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

const NEW_ACCOUNT = { PasswordInput: (p: ComponentProps<'input'>) => <input type="password" {...p} /> };

function setup(answer: () => Response, code = CODE, signedOut = false) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  renderWithClient(
    <MemoryRouter initialEntries={[`/gift?code=${code}`]}>
      {signedOut ? <GiftPage newAccount={NEW_ACCOUNT} /> : <GiftPage />}
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

  describe('signed out: claiming with a new account', () => {
    const fill = (email = 'aline@example.com') => {
      fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Aline Uwase' } });
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'inka-z-ijuru-7' } });
      fireEvent.click(screen.getByRole('button', { name: 'Create account and claim' }));
    };

    it('sends the code and the new account\'s fields, then welcomes the viewer with the pass added', async () => {
      const fetchMock = setup(() => json(201, { user: { id: 'u1', email: 'aline@example.com', name: 'Aline Uwase', role: 'user' }, claimed: { plan: 'weekly', startsAt: '2026-12-01T10:00:00Z', endsAt: '2026-12-08T10:00:00Z', passesEndAt: '2026-12-08T10:00:00Z' } }), CODE, true);
      expect((screen.getByLabelText('Gift code') as HTMLInputElement).value).toBe(CODE);
      expect(screen.getByRole('link', { name: 'I already have an account: sign in' }).getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/gift?code=${CODE}`)}`);
      fill();
      await screen.findByText('Weekly Pass added to your account');
      screen.getByText('Welcome, Aline Uwase: your account is ready and you are signed in.');
      expect(fetchMock).toHaveBeenCalledWith('/api/gifts/claim-with-account', expect.objectContaining({ method: 'POST', body: JSON.stringify({ code: CODE.replace(/-/g, ''), fullName: 'Aline Uwase', email: 'aline@example.com', password: 'inka-z-ijuru-7' }) }));
    });

    it('checks the code and the fields before sending; a taken email says to sign in, and the link takes the email', async () => {
      const typo = `${CODE.slice(0, -1)}${CODE.endsWith('A') ? 'B' : 'A'}`;
      const fetchMock = setup(() => json(409, { error: { code: 'email_taken', message: 'An account with this email already exists.' } }), typo, true);
      fill('not-an-email');
      await screen.findByText('This is not a gift code. Check each character.');
      screen.getByText('Enter a valid email address');
      expect(fetchMock).not.toHaveBeenCalled();
      fireEvent.change(screen.getByLabelText('Gift code'), { target: { value: CODE } });
      fill();
      await screen.findByText('This email already has an account. Sign in to claim your gift.');
      expect(screen.getByRole('link', { name: 'I already have an account: sign in' }).getAttribute('href')).toContain('email=aline%40example.com');
    });

    it('says when the account was made but the gift went to someone else first, with no second try', async () => {
      setup(() => json(409, { error: { code: 'gift_claimed', message: 'This gift has already been claimed.', details: { byYou: false, accountCreated: true } } }), CODE, true);
      fill();
      await screen.findByText('Your account was created and you are signed in, but this gift had already been claimed.');
      expect(screen.queryByRole('button', { name: 'Create account and claim' })).toBeNull();
    });
  });
});
