/**
 * The Africa's Talking SMS client against the local emulator of its published API (ADR 021): the request as
 * Africa's Talking documents it (form fields, apiKey and Accept headers, "+" number, sender id), the recipient
 * statuses read as success or failure, bad credentials, a 5xx retried, and a timeout not retried (the SMS may
 * have gone).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAfricasTalkingSmsSender } from './africastalking-sms-sender.js';
import { startAfricasTalkingEmulator, type AfricasTalkingEmulator } from './emulators/africastalking-emulator.js';
import { MessagingError } from './messaging.js';

const CREDS = { username: 'sobanura', apiKey: 'atsk_0123456789abcdef' };

describe("Africa's Talking SMS client (emulator)", () => {
  let at: AfricasTalkingEmulator;
  beforeAll(async () => {
    at = await startAfricasTalkingEmulator({ ...CREDS, senderIds: ['SOBANURA'] });
  });
  afterAll(() => at.close());
  afterEach(() => {
    at.calls.clear();
    at.sent.length = 0;
  });

  // A timeout far above the emulator's answer time on a loaded machine (400 ms failed under CI's load); the timeout
  // test sets its own short one.
  const client = (over: Partial<Parameters<typeof createAfricasTalkingSmsSender>[0]> = {}) =>
    createAfricasTalkingSmsSender({ baseUrl: at.url, ...CREDS, senderId: null, timeoutMs: 10_000, backoffMs: 10, ...over });

  it('sends the text to the number in international form, with the sender id when set', async () => {
    await client().send({ to: '250788123456', text: 'Sobanura: 123456' });
    await client({ senderId: 'SOBANURA' }).send({ to: '250721234567', text: 'Ijambo' });
    expect(at.sent).toEqual([
      expect.objectContaining({ to: '+250788123456', message: 'Sobanura: 123456', from: null }),
      expect.objectContaining({ to: '+250721234567', message: 'Ijambo', from: 'SOBANURA' }),
    ]);
  });

  it.each([
    ['250780000403', 'InvalidPhoneNumber'],
    ['250780000405', 'InsufficientBalance'],
    ['250780000406', 'UserInBlacklist'],
  ])('a recipient refused (%s) is an error naming the status, and nothing is delivered', async (to, status) => {
    const err = await client().send({ to, text: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessagingError);
    expect((err as MessagingError).message).toContain(status);
    expect((err as MessagingError).message).not.toContain(to);
    expect(at.sent).toHaveLength(0);
  });

  it('an unapproved sender id is refused (402 InvalidSenderId)', async () => {
    await expect(client({ senderId: 'OTHER' }).send({ to: '250788123456', text: 'x' })).rejects.toThrow(/InvalidSenderId/);
  });

  it('wrong credentials are a permanent error that names the variables, not the key', async () => {
    const err = (await client({ apiKey: 'atsk_wrong_key_000' }).send({ to: '250788123456', text: 'x' }).catch((e: unknown) => e)) as MessagingError;
    expect(err.transient).toBe(false);
    expect(err.message).toMatch(/AT_API_KEY/);
    expect(err.message).not.toContain('atsk_');
    await expect(client({ username: 'someone' }).send({ to: '250788123456', text: 'x' })).rejects.toThrow(/credentials/);
  });

  it('retries a 5xx and then delivers once', async () => {
    at.fault('messaging', { status: 503 }, 2);
    await client().send({ to: '250788123456', text: 'after retries' });
    expect(at.calls.get('messaging')).toBe(3);
    expect(at.sent).toHaveLength(1);
  });

  it('does not retry a send that got no answer in time (it may have gone)', async () => {
    at.fault('messaging', { delayMs: 1000 });
    const err = (await client({ timeoutMs: 400 }).send({ to: '250788123456', text: 'slow' }).catch((e: unknown) => e)) as MessagingError;
    expect(err).toBeInstanceOf(MessagingError);
    expect(err.transient).toBe(true);
    expect(at.calls.get('messaging')).toBe(1);
  });
});
