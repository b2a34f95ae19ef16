// @vitest-environment jsdom
/**
 * /forgot-password's form (ADR 021): it sends the email or the phone to the right route and then shows the same
 * text whoever asked (it never says whether an account exists); the SMS way offers to enter the code; a limit
 * reached (429) is shown translated, and a bad number is refused before sending.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { ForgotPasswordForm } from './forgot-password-form';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter>
        <ForgotPasswordForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('ForgotPasswordForm', () => {
  it('sends the email and answers with the same text whoever asked', async () => {
    const fetch = answer(202, { ok: true });
    vi.stubGlobal('fetch', fetch);
    mount();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'aline@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await screen.findByText('Check your email');
    expect(fetch).toHaveBeenCalledWith('/api/accounts/recovery/email', expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'aline@example.com' }) }));
    expect(screen.getByTestId('recovery-sent').textContent).toContain('If an account uses aline@example.com, we have sent it a link');
  });

  it('by SMS: refuses a bad number before sending, then sends and offers to enter the code', async () => {
    const fetch = answer(202, { ok: true });
    vi.stubGlobal('fetch', fetch);
    mount();
    fireEvent.click(screen.getByRole('radio', { name: 'By SMS' }));
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0751234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByText(/Enter a valid MTN or Airtel Rwanda number/);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0788123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByText('Check your phone');
    expect(screen.getByRole('link', { name: 'Enter the code' }).getAttribute('href')).toBe('/reset-password?phone=0788123456');
  });

  it('shows a limit reached, translated', async () => {
    vi.stubGlobal('fetch', answer(429, { error: { code: 'rate_limited', message: 'Too many', details: { retryAfterSeconds: 60 } } }));
    mount();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'aline@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(''));
    expect(screen.queryByTestId('recovery-sent')).toBeNull();
  });
});
