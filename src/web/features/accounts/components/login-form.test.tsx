// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { LoginForm } from './login-form';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('LoginForm', () => {
  it('says how long to wait when the account is locked out (ADR 018: 429 rate_limited with retryAfterSeconds)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many failed sign-ins for this account. Try again in 60 seconds.', details: { retryAfterSeconds: 60 } } }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '60' } })));
    const onSuccess = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <LoginForm onSuccess={onSuccess} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email', { exact: true, selector: 'input' }), { target: { value: 'aline@example.rw' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true, selector: 'input' }), { target: { value: 'kwiga-neza' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Sign In Failed', { description: 'Rate limit exceeded. Try again in 60 seconds.' }));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
