// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { RegisterForm } from './register-form';

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

function tree(onSuccess: () => void, url = '/register') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <RegisterForm onSuccess={onSuccess} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

function setup(url?: string) {
  const onSuccess = vi.fn();
  render(tree(onSuccess, url));
  const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input' }) as HTMLInputElement;
  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
  };
  const submit = screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
  return { onSuccess, fill, submit };
}

const valid = { 'Full name': 'Aline Uwase', Email: 'aline@example.rw', Password: 'secret12', 'Confirm password': 'secret12' };

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('RegisterForm', () => {
  it('is a real form post to the register route, with named fields, before the app has loaded (ADR 024)', () => {
    const html = renderToString(tree(() => {}));
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const form = doc.querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action'), form.hasAttribute('data-busy-on-submit')]).toEqual(['post', '/api/accounts/register', true]);
    expect([...form.querySelectorAll('input')].map((i) => i.name)).toEqual(['fullName', 'phone', 'email', 'password', 'confirmPassword']);
    // Both texts are drawn; the CSS shows "Creating account..." once the browser marks the form aria-busy.
    expect(form.querySelector('button[type=submit]')!.textContent).toContain('Creating account');
  });

  it('shows a refusal sent back by a form post, with the typed fields but empty passwords', () => {
    setup('/register?error=weak_password&fullName=Aline+Uwase&email=aline%40example.rw&phone=0788');
    expect(screen.getAllByRole('alert')[0]!.textContent).toContain('Sign Up Failed');
    expect((screen.getByLabelText('Full name', { exact: true }) as HTMLInputElement).value).toBe('Aline Uwase');
    expect((screen.getByLabelText('Email', { exact: true }) as HTMLInputElement).value).toBe('aline@example.rw');
    expect((screen.getByLabelText('Password', { exact: true, selector: 'input' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('Password', { exact: true, selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps submit disabled while the password and its confirmation differ', () => {
    const { fill, submit } = setup();
    fill({ Password: 'secret12', 'Confirm password': 'secret1' });
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    fill({ 'Confirm password': 'secret12' });
    expect(submit.disabled).toBe(false);
  });

  it('shows the server refusal under the email field and does not leave the page', async () => {
    answer(409, { error: { code: 'email_taken', message: 'Email already registered' } });
    const { fill, submit, onSuccess } = setup();
    fill(valid);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByText('An account with this email already exists.')).toBeTruthy());
    expect(screen.getByLabelText('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    // Said once, under the field (ADR 055): no toast repeating it.
    expect(screen.getAllByText('An account with this email already exists.')).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows a refused common password under the password field, translated (ADR 018)', async () => {
    answer(400, { error: { code: 'weak_password', message: 'This password is too common.', details: { reason: 'common', fields: [{ field: 'body.password', message: 'This password is too common.' }] } } });
    const { fill, submit, onSuccess } = setup();
    fill(valid);
    fireEvent.click(submit);
    const text = 'Choose a password of at least 6 characters that is not a common or easy-to-guess password (such as 123456 or password) and is not your email address or your name.';
    await waitFor(() => expect(document.getElementById('register-password-error')?.textContent).toBe(text));
    expect(screen.getByLabelText('Password', { exact: true, selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(toast.error).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows field errors of a validation_failed answer under their fields', async () => {
    answer(400, { error: { code: 'validation_failed', message: 'Invalid body', details: { fields: [{ field: 'body.fullName', message: 'Full name is required' }] } } });
    const { fill, submit } = setup();
    fill(valid);
    fireEvent.click(submit);
    await waitFor(() => expect(document.getElementById('register-fullName-error')?.textContent).toBe('Full name is required'));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('refuses a phone that is no operator’s number before sending, saying what is wrong (ADR 055)', async () => {
    const fetchMock = answer(201, {});
    const { fill, submit, onSuccess } = setup();
    fill({ ...valid, 'Phone number (optional)': '12345' });
    fireEvent.click(submit);
    await waitFor(() => expect(document.getElementById('register-phone-error')?.textContent).toBe('Enter a mobile number of MTN or Airtel in Rwanda (07X XXX XXXX) or Uganda (+256 7XX XXX XXX)'));
    expect(screen.getByLabelText('Phone number (optional)', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows a refusal that names no field in a toast', async () => {
    answer(429, { error: { code: 'rate_limited', message: 'Too many', details: { retryAfterSeconds: 30 } } });
    const { fill, submit } = setup();
    fill(valid);
    fireEvent.click(submit);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Sign Up Failed', expect.anything()));
  });

  it('sends the form and reports success', async () => {
    const fetchMock = answer(201, { user: { id: 'u1', email: 'aline@example.rw', name: 'Aline Uwase', role: 'user' } });
    const { fill, submit, onSuccess } = setup();
    fill({ ...valid, Email: '  Aline@Example.RW ' });
    fireEvent.click(submit);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('aline@example.rw'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/accounts/register');
    expect(JSON.parse(String(init.body))).toMatchObject({ fullName: 'Aline Uwase', email: 'aline@example.rw', password: 'secret12' });
    // The sign-in page it leads to says the account is ready (registered=1): no toast besides.
    expect(toast.success).not.toHaveBeenCalled();
  });
});
