/**
 * The checks the recovery forms make before sending (ADR 021): a valid email or a Rwandan MTN/Airtel number on
 * /forgot-password; on /reset-password the phone and 6-digit code (SMS way only), a password of at least 6
 * characters and a matching confirmation.
 */
import { describe, expect, it } from 'vitest';
import { recoveryInputProblem } from './forgot-password-form';
import { resetFormProblems } from './reset-password-form';

describe('recovery form checks', () => {
  it('forgot: email or phone', () => {
    expect(recoveryInputProblem('email', ' Aline@Example.com ')).toBeNull();
    expect(recoveryInputProblem('email', 'aline@')).toBe('invalidEmail');
    expect(recoveryInputProblem('sms', '078 812 3456')).toBeNull();
    expect(recoveryInputProblem('sms', '+250 722 123 456')).toBeNull();
    expect(recoveryInputProblem('sms', '0751234567')).toBe('invalidPhone');
    expect(recoveryInputProblem('sms', '')).toBe('invalidPhone');
  });

  it('reset: the SMS way needs phone and code; both need a long enough, confirmed password', () => {
    const good = { phone: '0788123456', code: '123456', password: 'Ikawa-2026', confirmPassword: 'Ikawa-2026' };
    expect(resetFormProblems({ ...good, token: null })).toEqual({});
    expect(resetFormProblems({ ...good, token: null, phone: '12', code: '12a456' })).toEqual({ phone: 'invalidPhone', code: 'invalidCode' });
    expect(resetFormProblems({ ...good, token: 'abcdefghijklmnopq', phone: '', code: '' })).toEqual({});
    expect(resetFormProblems({ ...good, token: 'abcdefghijklmnopq', password: '12345', confirmPassword: '12345' })).toEqual({ password: 'passwordTooShort' });
    expect(resetFormProblems({ ...good, token: 'abcdefghijklmnopq', confirmPassword: 'other-2026' })).toEqual({ confirmPassword: 'passwordMismatch' });
  });
});
