/**
 * The language of recovery messages (ADR 021): the language cookie first, then Accept-Language by quality, then
 * English; and the reset link's token never reaches a request log line (redactUrl).
 */
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../app.js';
import { requestLanguage, resetMail, resetSms } from './recovery-texts.js';

describe('recovery texts', () => {
  it('picks the language from the cookie, then Accept-Language, then English', () => {
    expect(requestLanguage('a=1; sobanura-lang=rw', 'fr')).toBe('rw');
    expect(requestLanguage('sobanura-lang=de', 'de-DE, fr;q=0.8, en;q=0.9')).toBe('en');
    expect(requestLanguage(undefined, 'de-DE, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(requestLanguage(undefined, 'rw-RW')).toBe('rw');
    expect(requestLanguage(undefined, 'fr;q=0, sw')).toBe('en');
    expect(requestLanguage(undefined, undefined)).toBe('en');
  });

  it('writes the link and the code into every language, the SMS in one part', () => {
    for (const lang of ['en', 'fr', 'rw'] as const) {
      expect(resetMail(lang, 'Aline', 'https://x/reset-password?token=T').text).toContain('https://x/reset-password?token=T');
      expect(resetMail(lang, 'Aline', 'https://x').text).toContain('Aline');
      const sms = resetSms(lang, '042137');
      expect(sms).toContain('042137');
      expect(sms.length).toBeLessThanOrEqual(160);
    }
  });

  it('keeps the reset token and phone numbers out of logged URLs', () => {
    expect(redactUrl('/reset-password?token=abcDEF_123-x&x=1')).toBe('/reset-password?token=***&x=1');
    expect(redactUrl('/reset-password?lang=fr&token=abc')).toBe('/reset-password?lang=fr&token=***');
    expect(redactUrl('/movies?q=token')).toBe('/movies?q=token');
    // Phone numbers a form post sends back in the URL (ADR 024) are kept out of the logs too.
    expect(redactUrl('/forgot-password?sent=sms&phone=%2B250788123456')).toBe('/forgot-password?sent=sms&phone=***');
    expect(redactUrl('/register?error=phone_taken&fullName=A&phone=0788123456&email=a%40b.rw')).toBe('/register?error=phone_taken&fullName=A&phone=***&email=a%40b.rw');
    expect(redactUrl('/movies?q=phone')).toBe('/movies?q=phone');
  });
});
