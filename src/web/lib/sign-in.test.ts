import { describe, expect, it } from 'vitest';
import { signInPath, signInReason } from './sign-in';

describe('signInPath (docs/decisions/054-visitors-see-the-catalogue.md)', () => {
  it('carries the way back and the reason', () => {
    expect(signInPath('/watch/m1', 'watch')).toBe('/login?next=%2Fwatch%2Fm1&reason=watch');
    expect(signInPath('/subscribe?plan=daily', 'pay')).toBe('/login?next=%2Fsubscribe%3Fplan%3Ddaily&reason=pay');
    expect(signInPath('/watch/m1', null, '/register')).toBe('/register?next=%2Fwatch%2Fm1');
    expect(signInPath(null)).toBe('/login');
  });
  it('leaves out a way back to another site or to the sign-in pages, keeping the reason', () => {
    expect(signInPath('https://evil.example/', 'watch')).toBe('/login?reason=watch');
    expect(signInPath('//evil.example', 'pay')).toBe('/login?reason=pay');
    expect(signInPath('/login?next=/x', 'account')).toBe('/login?reason=account');
  });
  it('accepts only its own reasons', () => {
    expect(signInReason('watch')).toBe('watch');
    expect(signInReason('<script>')).toBeNull();
    expect(signInReason(null)).toBeNull();
  });
});
