/**
 * Why "Send again" failed (docs/decisions/046-gifts.md), in the viewer's language: 429 (3 messages a day), 409
 * (claimed, expired or not paid), 502 (the provider did not take the message).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { changeLanguage, i18n, initI18n } from '../../../lib/i18n';
import { resendErrorText } from './sent-gifts';

beforeAll(async () => {
  await initI18n('en');
});
afterAll(() => changeLanguage('en'));

const limited = new ApiError(429, 'rate_limited', 'A gift is sent at most 3 times a day.', { retryAfterSeconds: 3600 });
const conflict = new ApiError(409, 'conflict', 'This gift cannot be sent again.');
const notSent = new ApiError(502, 'gift_not_sent', 'The message could not be sent.');

describe('resendErrorText', () => {
  it('explains each refusal in English', () => {
    expect(resendErrorText(i18n.t, limited)).toBe('This gift was already sent 3 times today. Try again tomorrow.');
    expect(resendErrorText(i18n.t, conflict)).toBe('This gift can no longer be sent: it was claimed or has expired.');
    expect(resendErrorText(i18n.t, notSent)).toBe('The message could not be sent. Try again later.');
  });

  it.each(['fr', 'rw'] as const)('and in %s, never with the server\'s English', async (lng) => {
    await changeLanguage(lng);
    for (const error of [limited, conflict, notSent]) {
      const text = resendErrorText(i18n.t, error);
      expect(text).not.toBe(error.message);
      expect(text).not.toMatch(/gift|sent|again/i);
    }
  });
});
