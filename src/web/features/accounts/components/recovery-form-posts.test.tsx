// @vitest-environment jsdom
/**
 * The recovery forms as HTML forms (docs/decisions/024-forms-before-hydration.md, ADR 021): each is a POST to its
 * route with its fields named as in the JSON contracts (the link's token in a hidden field), and each shows what a
 * form post answered by the server left in the URL: "sent" and the address or number, an error under the field it
 * belongs to, the channel and the text typed.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm, returnedProblems } from './reset-password-form';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

const at = (url: string, ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
const formOf = (el: HTMLElement) => el.closest('form')!;

describe('the forgot-password form as a form post', () => {
  it('posts the email to its route, and the phone to the SMS route once that way is chosen', () => {
    at('/forgot-password', <ForgotPasswordForm />);
    const form = formOf(screen.getByLabelText('Email'));
    expect([form.method, form.getAttribute('action'), form.hasAttribute('data-busy-on-submit')]).toEqual(['post', '/api/accounts/recovery/email', true]);
    expect(screen.getByLabelText('Email').getAttribute('name')).toBe('email');
    fireEvent.click(screen.getByRole('radio', { name: 'By SMS' }));
    expect(formOf(screen.getByLabelText('Phone number')).getAttribute('action')).toBe('/api/accounts/recovery/sms');
    expect(screen.getByLabelText('Phone number').getAttribute('name')).toBe('phone');
  });

  it('shows "sent" from the URL the server answered with, the same text as after a JSON request', () => {
    at('/forgot-password?sent=email&email=aline%40example.com', <ForgotPasswordForm />);
    expect(screen.getByTestId('recovery-sent').textContent).toContain('If an account uses aline@example.com, we have sent it a link');
    expect(screen.getByRole('link', { name: 'Ask again' }).getAttribute('href')).toBe('/forgot-password');
    cleanup();
    at('/forgot-password?sent=sms&phone=0788123456', <ForgotPasswordForm />);
    expect(screen.getByText('Check your phone')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter the code' }).getAttribute('href')).toBe('/reset-password?phone=0788123456');
  });

  it('shows a returned error under the field, with the channel and the text typed', () => {
    at('/forgot-password?error=validation_failed&invalid=email&email=aline%40', <ForgotPasswordForm />);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('aline@');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(i18n.t('recovery.invalidEmail'))).toBeTruthy();
    cleanup();
    at('/forgot-password?error=rate_limited&retry=60&channel=sms&phone=0788123456', <ForgotPasswordForm />);
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('0788123456');
    expect(screen.getByRole('radio', { name: 'By SMS' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(i18n.t('errors.rate_limited', { retryAfterSeconds: 60 }))).toBeTruthy();
  });
});

describe('the reset-password form as a form post', () => {
  it('posts the link\'s token in a hidden field with the new password; the SMS way posts phone and code', () => {
    at('/reset-password', <ResetPasswordForm token="tok_123" onDone={() => {}} />);
    const form = formOf(screen.getByLabelText('New password'));
    expect([form.method, form.getAttribute('action')]).toEqual(['post', '/api/accounts/recovery/reset']);
    expect(Object.fromEntries(new FormData(form))).toEqual({ token: 'tok_123', password: '', confirmPassword: '' });
    cleanup();
    at('/reset-password', <ResetPasswordForm token={null} phone="0788123456" onDone={() => {}} />);
    const sms = formOf(screen.getByLabelText('New password'));
    expect(sms.getAttribute('action')).toBe('/api/accounts/recovery/reset-code');
    expect(Object.fromEntries(new FormData(sms))).toEqual({ phone: '0788123456', code: '', password: '', confirmPassword: '' });
  });

  it('shows a returned error under its field, or under the form', () => {
    at('/reset-password?error=reset_code_invalid&phone=0788123456', <ResetPasswordForm token={null} phone="0788123456" onDone={() => {}} />);
    expect(screen.getByLabelText('Code from the SMS').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('reset-code-error')!.textContent).toBe(i18n.t('errors.reset_code_invalid'));
    cleanup();
    at('/reset-password?error=reset_link_invalid', <ResetPasswordForm token="tok_123" onDone={() => {}} />);
    expect(document.getElementById('reset-form-error')!.textContent).toBe(i18n.t('errors.reset_link_invalid'));
  });

  it('maps each code to its field, and validation errors to the fields the server named', () => {
    const t = i18n.t.bind(i18n);
    expect(returnedProblems(t, null, new Set())).toEqual({});
    expect(returnedProblems(t, 'weak_password', new Set())).toEqual({ password: t('errors.weak_password') });
    expect(returnedProblems(t, 'password_mismatch', new Set())).toEqual({ confirmPassword: t('errors.password_mismatch') });
    expect(returnedProblems(t, 'validation_failed', new Set(['code', 'phone', 'junk']))).toEqual({ code: t('recovery.invalidCode'), phone: t('recovery.invalidPhone') });
    expect(returnedProblems(t, 'validation_failed', new Set(['token']))).toEqual({ form: t('errors.validation_failed') });
    expect(returnedProblems(t, 'no_such_code', new Set())).toEqual({ form: t('errors.unknown') });
  });
});
