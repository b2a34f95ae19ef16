// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PassSummary } from '../../../../shared/contracts/accounts';
import { initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import { profileProblems } from '../components/profile-card';
import { passwordProblems } from '../components/security-card';
import { expiryText } from '../components/subscription-card';
import { SettingsPage } from './settings-page';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const HOUR = 3600_000;
const profile = { email: 'aline@example.com', fullName: 'Aline Uwase', phone: '0788123456', updatedAt: '2026-01-01T00:00:00Z' };

function mockFetch(handler: (url: string, init: RequestInit) => { status: number; body?: unknown }) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body } = handler(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

function renderSettings(pass: PassSummary | null) {
  return renderRoutes([{ path: '/settings', element: <SettingsPage pass={pass} /> }, { path: '/', element: <p>home page</p> }, { path: '/billing', element: <p>billing page</p> }], '/settings');
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('password rules (docs/product/viewer.md §5, ADR 055)', () => {
  const p = (currentPassword: string, newPassword: string, confirmPassword: string) => passwordProblems({ currentPassword, newPassword, confirmPassword });
  it('names each field with its own problem: current required, new at least 6 and not the current one, confirmation matching', () => {
    expect(p('', '', '')).toEqual({ currentPassword: 'settings.currentPasswordRequired', newPassword: 'settings.passwordTooShortText' });
    expect(p('old-pass', 'abcdef', 'abcdeg')).toEqual({ confirmPassword: 'settings.passwordMismatchText' });
    expect(p('old-pass', 'abc', 'abcd')).toEqual({ newPassword: 'settings.passwordTooShortText', confirmPassword: 'settings.passwordMismatchText' });
    expect(p('old-pass', 'old-pass', 'old-pass')).toEqual({ newPassword: 'errors.same_password' });
    expect(p('old-pass', 'abcdef', 'abcdef')).toEqual({});
  });
});

describe('profile rules (ADR 055)', () => {
  it('needs a full name, and a phone that is empty or an operator’s number', () => {
    expect(profileProblems({ fullName: 'Aline', phone: '' })).toEqual({});
    expect(profileProblems({ fullName: 'Aline', phone: '078 812 3456' })).toEqual({});
    expect(profileProblems({ fullName: 'Aline', phone: '+256772123456' })).toEqual({});
    expect(profileProblems({ fullName: '  ', phone: 'abc' })).toEqual({ fullName: 'validation.fullName', phone: 'validation.phone' });
    expect(profileProblems({ fullName: 'Aline', phone: '12345' })).toEqual({ phone: 'validation.phone' });
    expect(profileProblems({ fullName: 'x'.repeat(121), phone: '' })).toEqual({ fullName: 'validation.tooLong' });
  });
});

describe('expiry text of the subscription card', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const pass = (hoursLeft: number, status: 'active' | 'expired' = 'active'): PassSummary => ({
    plan: 'weekly',
    status,
    expiresAt: new Date(now.getTime() + hoursLeft * HOUR).toISOString(),
    active: status === 'active' && hoursLeft > 0,
  });
  const t = (key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`;
  it('reads days, or hours under a day, while active; "Expired on" after; "No active pass" without one', () => {
    expect(expiryText(t as never, 'en', pass(3 * 24 + 5), now)).toMatch(/^settings\.expiresOn\{"date":"March 4, 2026.*\} · settings\.daysRemaining\{"count":3\}$/);
    expect(expiryText(t as never, 'en', pass(5), now)).toMatch(/settings\.hoursRemaining\{"count":5\}$/);
    expect(expiryText(t as never, 'en', pass(-1), now)).toMatch(/^settings\.expiredOn/);
    expect(expiryText(t as never, 'en', pass(10, 'expired'), now)).toMatch(/^settings\.expiredOn/);
    expect(expiryText(t as never, 'en', null, now)).toBe('settings.noPass');
  });
});

describe('SettingsPage', () => {
  it('shows the profile with a read-only email, and saves name and phone with "Profile Updated"', async () => {
    const calls = mockFetch((url, init) => (init.method === 'PUT' ? { status: 200, body: { profile: { ...profile, fullName: 'Aline U.', phone: null, updatedAt: '2026-01-02T00:00:00Z' } } } : { status: 200, body: { profile } }));
    renderSettings(null);
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('aline@example.com');
    expect(email.readOnly && email.disabled).toBe(true);
    expect(screen.getByText('Email cannot be changed')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Aline U.' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile Updated', { description: 'Your profile information has been updated successfully.' }));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/accounts/profile', body: { fullName: 'Aline U.', phone: '' } });
  });

  it("shows the app's playback card (the data saver) to a signed-in viewer only", async () => {
    mockFetch(() => ({ status: 200, body: { profile } }));
    const slot = { path: '/settings', element: <SettingsPage pass={null} playback={<p>data saver card</p>} /> };
    const view = renderRoutes([slot], '/settings');
    await screen.findByText('data saver card');
    view.unmount();
    mockFetch(() => ({ status: 401, body: { error: { code: 'unauthenticated', message: 'Sign in' } } }));
    renderRoutes([slot], '/settings');
    await screen.findByText('Please log in to access settings.');
    expect(screen.queryByText('data saver card')).toBeNull();
  });

  it('says "Update Failed" with the default text when the server fails', async () => {
    mockFetch((_url, init) => (init.method === 'PUT' ? { status: 500, body: { error: { code: 'internal', message: 'Internal error' } } } : { status: 200, body: { profile } }));
    renderSettings(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Update Failed', { description: 'Failed to update profile. Please try again.' }));
  });

  it('checks the password rules before sending, then closes the form with "Password Updated"', async () => {
    const calls = mockFetch((url) => (url === '/api/accounts/password' ? { status: 200, body: { ok: true } } : { status: 200, body: { profile } }));
    renderSettings(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    const fill = (current: string, next: string, confirm: string) => {
      fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
      fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
      fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
      fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    };
    // An empty form: the current password is asked for first, each field says its own problem, no toast.
    fill('', '', '');
    const current = screen.getByLabelText('Current password');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(current.getAttribute('aria-describedby')!)?.textContent).toBe('Enter your current password.');
    expect(document.activeElement).toBe(current);
    expect(document.getElementById(screen.getByLabelText('New password').getAttribute('aria-describedby')!)?.textContent).toBe('Password must be at least 6 characters long.');
    fill('old-pass', 'abcdef', 'abcdeg');
    expect(document.getElementById(screen.getByLabelText('Confirm new password').getAttribute('aria-describedby')!)?.textContent).toBe('New passwords do not match.');
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBeNull();
    fill('old-pass', 'old-pass', 'old-pass');
    expect(document.getElementById(screen.getByLabelText('New password').getAttribute('aria-describedby')!)?.textContent).toBe('Your new password must be different from your current password.');
    expect(toast.error).not.toHaveBeenCalled();
    expect(calls.some((c) => c.url === '/api/accounts/password')).toBe(false);
    fill('old-pass', 'new-pass-1', 'new-pass-1');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password Updated', { description: expect.stringContaining('signed out on your other devices') }));
    expect(calls.find((c) => c.url === '/api/accounts/password')).toMatchObject({ method: 'POST', body: { currentPassword: 'old-pass', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' } });
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('shows a wrong current password under its field, not in a toast', async () => {
    mockFetch((url) => (url === '/api/accounts/password' ? { status: 400, body: { error: { code: 'wrong_password', message: 'Your current password is incorrect.' } } } : { status: 200, body: { profile } }));
    renderSettings(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'nope-nope' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abcdef' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'abcdef' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(current.getAttribute('aria-describedby')!)?.textContent).toBe('Your current password is incorrect.');
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });

  it('refuses an empty name and a phone that is no number under their fields, sending nothing', async () => {
    const calls = mockFetch(() => ({ status: 200, body: { profile } }));
    renderSettings(null);
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    const name = screen.getByLabelText('Full name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Full name is required');
    expect(document.getElementById(screen.getByLabelText('Phone number').getAttribute('aria-describedby')!)?.textContent).toContain('Enter a mobile number of MTN or Airtel');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows an active pass with Manage Subscription to /billing, and an inactive one without it', async () => {
    mockFetch(() => ({ status: 200, body: { profile } }));
    const active: PassSummary = { plan: 'monthly', status: 'active', expiresAt: new Date(Date.now() + 2 * 24 * HOUR + HOUR).toISOString(), active: true };
    const view = renderSettings(active);
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    expect(screen.getByText('Monthly Pass')).toBeTruthy();
    expect(screen.getByTestId('subscription-expiry').textContent).toMatch(/^Expires on .+ · 2 days remaining$/);
    fireEvent.click(screen.getByRole('link', { name: 'Manage Subscription' }));
    await waitFor(() => expect(view.location().pathname).toBe('/billing'));
    cleanup();
    renderSettings({ ...active, status: 'expired', active: false, expiresAt: new Date(Date.now() - HOUR).toISOString() });
    expect(screen.getByTestId('subscription-status').textContent).toBe('Inactive');
    expect(screen.queryByRole('link', { name: 'Manage Subscription' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/subscribe');
  });

  it('deletes the account only after "Are you absolutely sure?" and DELETE, then signs out and goes home', async () => {
    const calls = mockFetch((url, init) => (url === '/api/accounts/me' && init.method === 'DELETE' ? { status: 204 } : { status: 200, body: { profile } }));
    const view = renderSettings(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    expect(screen.getByText('Are you absolutely sure?')).toBeTruthy();
    expect(screen.getByRole('alertdialog').textContent).toMatch(/cannot be undone.*cancel your subscriptions.*remove all your data/);
    const confirm = screen.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'delete' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(view.location().pathname).toBe('/'));
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ url: '/api/accounts/me', body: { confirm: 'DELETE' } });
    await waitFor(() => expect(view.client.getQueryData(['accounts', 'me'])).toEqual({ user: null, pass: null }));
    expect(toast.success).toHaveBeenCalledWith('Account Deleted', expect.anything());
  });

  it('asks for the word in the page’s language (SUPPRIMER in French) and still sends the API’s DELETE', async () => {
    await initI18n('fr');
    try {
      const calls = mockFetch((url, init) => (url === '/api/accounts/me' && init.method === 'DELETE' ? { status: 204 } : { status: 200, body: { profile } }));
      const view = renderSettings(null);
      fireEvent.click(await screen.findByRole('button', { name: 'Supprimer le compte' }));
      const confirm = screen.getByRole('button', { name: 'Supprimer mon compte' }) as HTMLButtonElement;
      const field = screen.getByLabelText('Tapez SUPPRIMER pour confirmer');
      fireEvent.change(field, { target: { value: 'DELETE' } });
      expect(confirm.disabled).toBe(true);
      fireEvent.change(field, { target: { value: 'SUPPRIMER' } });
      expect(confirm.disabled).toBe(false);
      fireEvent.click(confirm);
      await waitFor(() => expect(view.location().pathname).toBe('/'));
      expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ url: '/api/accounts/me', body: { confirm: 'DELETE' } });
    } finally {
      await initI18n('en');
    }
  });
});

describe('verifying the saved phone (ADR 021, amended 2026-11-28)', () => {
  it('texts a code, shows a wrong code\'s error, and shows the number verified once the right code is entered', async () => {
    let verified = false;
    const calls = mockFetch((url, init) => {
      if (url === '/api/accounts/phone/verification') return { status: 202, body: { ok: true, sentTo: '250788***456' } };
      if (url === '/api/accounts/phone/verify') {
        const { code } = JSON.parse(String(init.body)) as { code: string };
        if (code !== '482913') return { status: 400, body: { error: { code: 'phone_code_invalid', message: 'This code is wrong or has expired.', details: { attemptsLeft: 4 } } } };
        verified = true;
        return { status: 200, body: { profile: { ...profile, phoneVerified: true } } };
      }
      return { status: 200, body: { profile: { ...profile, phoneVerified: verified } } };
    });
    renderSettings(null);
    expect(await screen.findByText(/Not verified: verify this number/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('We sent a 6-digit code to 250788***456.')).toBeTruthy();
    const input = screen.getByLabelText('Code from the SMS');
    fireEvent.change(input, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code is wrong or has expired. Tries left: 4.');
    fireEvent.change(input, { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Phone Verified', { description: 'A reset code can now be sent to this number.' }));
    expect(await screen.findByText(/^Verified: if you forget your password/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(calls.filter((c) => c.url === '/api/accounts/phone/verify').map((c) => c.body)).toEqual([{ code: '111111' }, { code: '482913' }]);
  });

  it('offers no verification while the phone is being edited, and shows a refused request in a toast', async () => {
    mockFetch((url) => (url === '/api/accounts/phone/verification' ? { status: 429, body: { error: { code: 'rate_limited', message: 'Too many', details: { retryAfterSeconds: 60 } } } } : { status: 200, body: { profile: { ...profile, phoneVerified: false } } }));
    renderSettings(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Verification Failed', expect.objectContaining({ description: expect.any(String) })));
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0788000000' } });
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });
});
