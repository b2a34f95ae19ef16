import { describe, expect, it } from 'vitest';
import { startupWarnings } from './startup-warnings.js';

describe('startupWarnings', () => {
  const outbox = { mail: null, sms: { provider: 'outbox' as const } };
  const base = { publicUrl: 'http://localhost:3000', messaging: outbox };
  it('warns when mail or SMS leaves the machine and PUBLIC_URL is unset, naming what sends', () => {
    const mail = startupWarnings({ ...base, messaging: { ...outbox, mail: { smtpUrl: 'smtp://mail.example.com:587', from: 'a@b.c' } } }, {});
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatch(/^PUBLIC_URL is not set, so the links sent by mail \(SMTP_URL\) .* point at http:\/\/localhost:3000/);
    const sms = startupWarnings({ ...base, messaging: { ...outbox, sms: { provider: 'africastalking', baseUrl: 'https://api.africastalking.com', username: 'u', apiKey: 'k', senderId: null } } }, {});
    expect(sms[0]).toMatch(/links sent by SMS \(africastalking\)/);
  });
  it('says nothing with PUBLIC_URL set, or when everything goes to the outbox', () => {
    expect(startupWarnings({ ...base, messaging: { ...outbox, mail: { smtpUrl: 'smtp://m:587', from: 'a@b.c' } } }, { PUBLIC_URL: 'https://sobanura.rw' })).toEqual([]);
    expect(startupWarnings(base, {})).toEqual([]);
  });
});
