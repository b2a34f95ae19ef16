/**
 * Mail through SMTP (ADR 021) against a real SMTP server on loopback: the mail arrives with its sender, recipient,
 * subject and UTF-8 text; wrong credentials and a closed port are MessagingErrors that carry neither the password
 * nor the recipient. And the configuration of the messaging variables: defaults, and bad values named.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { MessagingError } from './messaging.js';
import { createSmtpMailSender } from './smtp-mail-sender.js';

describe('SMTP mail sender (loopback server)', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers the mail as given', async () => {
    const sender = createSmtpMailSender({ smtpUrl: smtp.url, from: 'Sobanura <no-reply@sobanura.test>' });
    await sender.send({ to: 'aline@example.com', subject: 'Réinitialisez', text: "Ijambo ry'ibanga — lien : https://x/y" });
    sender.close();
    const m = smtp.mails.at(-1)!;
    expect(m.rcptTo).toEqual(['aline@example.com']);
    expect(m.from?.value[0]?.address).toBe('no-reply@sobanura.test');
    expect(m.subject).toBe('Réinitialisez');
    expect(m.text?.trim()).toBe("Ijambo ry'ibanga — lien : https://x/y");
  });

  it('wrong credentials and a closed port fail with a MessagingError naming neither password nor recipient', async () => {
    const wrong = smtp.url.replace('mail-secret-1', 'nope-secret');
    const err = (await createSmtpMailSender({ smtpUrl: wrong, from: 'a@b.c', timeoutMs: 2000 }).send({ to: 'aline@example.com', subject: 's', text: 't' }).catch((e: unknown) => e)) as MessagingError;
    expect(err).toBeInstanceOf(MessagingError);
    expect(err.message).not.toMatch(/nope-secret|aline/);
    const closed = await createSmtpMailSender({ smtpUrl: 'smtp://127.0.0.1:1', from: 'a@b.c', timeoutMs: 2000 }).send({ to: 'x@example.com', subject: 's', text: 't' }).catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(MessagingError);
  });
});

describe('messaging configuration (ADR 021)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-messaging-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to the outbox for both channels', () => {
    expect(loadConfig({ DATA_DIR: dir }).messaging).toEqual({ mail: null, sms: { provider: 'outbox' } });
  });

  it("reads SMTP and Africa's Talking, with the sandbox base URL for the sandbox username", () => {
    const c = loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtps://u:p@mail.example.com', MAIL_FROM: 'Sobanura <no-reply@example.com>', SMS_PROVIDER: 'africastalking', AT_USERNAME: 'sandbox', AT_API_KEY: 'atsk_123456789' });
    expect(c.messaging).toEqual({
      mail: { smtpUrl: 'smtps://u:p@mail.example.com', from: 'Sobanura <no-reply@example.com>' },
      sms: { provider: 'africastalking', baseUrl: 'https://api.sandbox.africastalking.com', username: 'sandbox', apiKey: 'atsk_123456789', senderId: null },
    });
    const live = loadConfig({ DATA_DIR: dir, SMS_PROVIDER: 'africastalking', AT_USERNAME: 'sobanura', AT_API_KEY: 'atsk_123456789', AT_SENDER_ID: 'SOBANURA' }).messaging.sms;
    expect(live).toMatchObject({ baseUrl: 'https://api.africastalking.com', senderId: 'SOBANURA' });
  });

  it('names the bad or missing variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(/MAIL_FROM: required when SMTP_URL is set/);
    expect(() => loadConfig({ DATA_DIR: dir, SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER: must be outbox or africastalking/);
    expect(() => loadConfig({ DATA_DIR: dir, SMS_PROVIDER: 'africastalking' })).toThrow(/AT_USERNAME: required[\s\S]*AT_API_KEY: required/);
  });
});
