// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
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

function tree(onSuccess: () => void, entry: string | { pathname: string; state: unknown } = '/login') {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={[entry]}>
        <LoginForm onSuccess={onSuccess} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

describe('LoginForm', () => {
  it('is a real form post before the app has loaded, carrying the page to come back to (ADR 024)', () => {
    const html = renderToString(tree(() => {}, '/login?next=%2Faccount&email=aline%40example.rw'));
    const form = new DOMParser().parseFromString(html, 'text/html').querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action'), form.hasAttribute('data-busy-on-submit')]).toEqual(['post', '/api/accounts/login', true]);
    expect([...form.querySelectorAll('input')].map((i) => [i.name, i.type])).toEqual([['next', 'hidden'], ['email', 'email'], ['password', 'password']]);
    expect((form.querySelector('input[name=next]') as HTMLInputElement).value).toBe('/account');
    // The address sent back is in the drawn HTML, not filled in later by react-hook-form.
    expect(form.querySelector('input[name=email]')!.getAttribute('value')).toBe('aline@example.rw');
    expect(form.querySelector('button[type=submit]')!.textContent).toBe('Sign inSigning in...');
    expect(form.querySelector('a[href="/forgot-password"]')!.textContent).toBe('Forgot password?');
  });

  it('keeps only a same-site next, from the router state first', () => {
    const next = (entry: Parameters<typeof tree>[1]) =>
      (new DOMParser().parseFromString(renderToString(tree(() => {}, entry)), 'text/html').querySelector('input[name=next]') as HTMLInputElement | null)?.value;
    expect(next('/login?next=https%3A%2F%2Fevil.example')).toBeUndefined();
    expect(next('/login?next=%2F%2Fevil.example')).toBeUndefined();
    expect(next({ pathname: '/login', state: { from: '/watchlist' } })).toBe('/watchlist');
    // Same-site as written, another host once normalised (the penetration test's open redirect): never copied.
    for (const bad of ['/..//evil.example', '/%2e%2e//evil.example', '/a/..//evil.example', '/\\evil.example', '/\t/evil.example']) {
      expect(next(`/login?next=${encodeURIComponent(bad)}`), bad).toBeUndefined();
      expect(next({ pathname: '/login', state: { from: bad } }), bad).toBeUndefined();
    }
    expect(next(`/login?next=${encodeURIComponent('/a/../watchlist')}`)).toBe('/watchlist');
  });

  it('shows the error a form post was sent back with, translated, and the address typed', () => {
    render(tree(() => {}, '/login?error=invalid_credentials&email=aline%40example.rw'));
    expect(screen.getByRole('alert').textContent).toBe('Sign In FailedInvalid email or password.');
    expect((screen.getByLabelText('Email', { exact: true, selector: 'input' }) as HTMLInputElement).value).toBe('aline@example.rw');
    cleanup();
    render(tree(() => {}, '/login?error=rate_limited&retry=60'));
    expect(screen.getByRole('alert').textContent).toContain('Try again in 60 seconds');
    cleanup();
    render(tree(() => {}, '/login?error=validation_failed&invalid=email,password'));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    cleanup();
    render(tree(() => {}, '/login?registered=1&email=new%40example.rw'));
    expect(screen.getByRole('status').textContent).toContain('Your account is ready');
  });

  it('says how long to wait when the account is locked out (ADR 018: 429 rate_limited with retryAfterSeconds)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many failed sign-ins for this account. Try again in 60 seconds.', details: { retryAfterSeconds: 60 } } }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '60' } })));
    const onSuccess = vi.fn();
    render(tree(onSuccess));
    fireEvent.change(screen.getByLabelText('Email', { exact: true, selector: 'input' }), { target: { value: 'aline@example.rw' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true, selector: 'input' }), { target: { value: 'kwiga-neza' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Sign In Failed', { description: 'Rate limit exceeded. Try again in 60 seconds.' }));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
