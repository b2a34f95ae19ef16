/**
 * A local emulator of Africa's Talking's SMS API as it publishes it (docs/decisions/021-account-recovery.md), for the
 * tests of the real client (africastalking-sms-sender.ts) and the recovery tests. It checks what the real API
 * checks: `POST /version1/messaging`, the `apiKey` header and the `username` field (401 and a plain-text reason
 * otherwise), a form-urlencoded body with `to` in international form and a non-empty `message`, and `from` among
 * the account's sender ids. It answers 201 with `{ SMSMessageData: { Message, Recipients: [...] } }`.
 * Recipient outcomes by the number's last 7 digits (others succeed with statusCode 101 "Success"):
 *
 * | number ends | recipient status                      |
 * |-------------|---------------------------------------|
 * | 0000403     | 403 InvalidPhoneNumber                |
 * | 0000405     | 405 InsufficientBalance               |
 * | 0000406     | 406 UserInBlacklist                   |
 * | 0000500     | 500 InternalServerError               |
 *
 * Faults (a 500 for the whole call, a slow answer, a dropped connection) come from the shared emulator server.
 * Test code only.
 */
import { randomBytes } from 'node:crypto';
import { header, startEmulatorServer, type EmulatorServer } from '../../payments/emulators/emulator-server.js';

export interface AtEmulatorOptions {
  username: string;
  apiKey: string;
  /** Sender ids the account may use in `from`. */
  senderIds?: string[];
}

/** One SMS the emulator accepted. */
export interface AtSentMessage {
  to: string;
  message: string;
  from: string | null;
  messageId: string;
}

export interface AfricasTalkingEmulator extends EmulatorServer {
  /** Messages that reached a phone, oldest first. */
  sent: AtSentMessage[];
}

const FAILURES: Record<string, { statusCode: number; status: string }> = {
  '0000403': { statusCode: 403, status: 'InvalidPhoneNumber' },
  '0000405': { statusCode: 405, status: 'InsufficientBalance' },
  '0000406': { statusCode: 406, status: 'UserInBlacklist' },
  '0000500': { statusCode: 500, status: 'InternalServerError' },
};

export async function startAfricasTalkingEmulator(opts: AtEmulatorOptions): Promise<AfricasTalkingEmulator> {
  const sent: AtSentMessage[] = [];
  const server = await startEmulatorServer((method, path) => {
    if (method !== 'POST' || path !== '/version1/messaging') return null;
    return {
      endpoint: 'messaging',
      handler: (req) => {
        if (header(req, 'apikey') !== opts.apiKey) return { status: 401, body: 'The supplied authentication is invalid' };
        if (!String(header(req, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded')) return { status: 400, body: 'Request is missing required form field' };
        if (header(req, 'accept') !== 'application/json') return { status: 406, body: 'Only application/json is emulated' };
        const form = new URLSearchParams(req.rawBody);
        if (form.get('username') !== opts.username) return { status: 401, body: 'The supplied authentication is invalid' };
        const to = form.get('to') ?? '';
        const message = form.get('message') ?? '';
        const from = form.get('from');
        if (!message) return { status: 400, body: 'Request is missing required form field: message' };
        if (!/^\+\d{9,15}$/.test(to)) {
          return { status: 201, body: { SMSMessageData: { Message: 'Sent to 0/1 Total Cost: 0', Recipients: [{ number: to, status: 'InvalidPhoneNumber', statusCode: 403, cost: '0', messageId: 'None' }] } } };
        }
        const fail = from && !(opts.senderIds ?? []).includes(from) ? { statusCode: 402, status: 'InvalidSenderId' } : FAILURES[to.slice(-7)];
        if (fail) return { status: 201, body: { SMSMessageData: { Message: 'Sent to 0/1 Total Cost: 0', Recipients: [{ number: to, ...fail, cost: '0', messageId: 'None' }] } } };
        const messageId = `ATXid_${randomBytes(16).toString('hex')}`;
        sent.push({ to, message, from, messageId });
        return { status: 201, body: { SMSMessageData: { Message: 'Sent to 1/1 Total Cost: RWF 15.0000', Recipients: [{ number: to, status: 'Success', statusCode: 101, cost: 'RWF 15.0000', messageId, messageParts: 1 }] } } };
      },
    };
  });
  return Object.assign(server, { sent });
}
