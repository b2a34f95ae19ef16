/**
 * SMS through Africa's Talking's SMS API, as it publishes it (https://developers.africastalking.com/docs/sms/sending):
 * `POST {base}/version1/messaging`, form-urlencoded `username`, `to` (`+2507XXXXXXXX`), `message` and, when set,
 * `from` (an approved sender id or short code); headers `apiKey` and `Accept: application/json`. Production base:
 * https://api.africastalking.com; sandbox (username `sandbox`): https://api.sandbox.africastalking.com.
 *
 * The answer (HTTP 201) is `{ SMSMessageData: { Message, Recipients: [{ number, status, statusCode, messageId,
 * cost }] } }`; a recipient's statusCode 100 (Processed), 101 (Sent) or 102 (Queued) is a success, any other
 * (401 RiskHold, 402 InvalidSenderId, 403 InvalidPhoneNumber, 405 InsufficientBalance, 406 UserInBlacklist,
 * 407 CouldNotRoute, 500-502 gateway errors...) a failure. A 401 answer means a wrong username or key.
 *
 * A send that got no answer is not retried (the SMS may have gone: a second one would be a second charge and a
 * confusing second code); a connection refused before sending, or a 5xx, is retried twice with a short backoff.
 * Tested against the local emulator in emulators/africastalking-emulator.ts.
 */
import { MessagingError, type OutgoingSms, type SmsSender } from './messaging.js';

export interface AfricasTalkingConfig {
  baseUrl: string;
  username: string;
  apiKey: string;
  /** Approved alphanumeric sender id or short code; null = the account's default. */
  senderId: string | null;
  /** Timeout of one call, ms (default 15 s). */
  timeoutMs?: number;
  /** First backoff between tries, ms (default 300, doubled). */
  backoffMs?: number;
}

/** Recipient status codes Africa's Talking counts as accepted. */
export const AT_SUCCESS_CODES = new Set([100, 101, 102]);

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

interface AtRecipient {
  statusCode?: number;
  status?: string;
}

export function createAfricasTalkingSmsSender(cfg: AfricasTalkingConfig): SmsSender {
  const timeoutMs = cfg.timeoutMs ?? 15_000;
  const url = `${cfg.baseUrl.replace(/\/+$/, '')}/version1/messaging`;

  async function once(form: URLSearchParams): Promise<{ status: number; body: unknown } | { notSent: true } | { maybeSent: string }> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { apiKey: cfg.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code;
      if (code && NOT_SENT.has(code)) return { notSent: true };
      const name = (err as { name?: string }).name;
      return { maybeSent: name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `connection lost${code ? ` (${code})` : ''}` };
    }
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, body };
  }

  return {
    name: 'africastalking',
    async send(sms: OutgoingSms) {
      const form = new URLSearchParams({ username: cfg.username, to: `+${sms.to.replace(/^\+/, '')}`, message: sms.text });
      if (cfg.senderId) form.set('from', cfg.senderId);
      let delay = cfg.backoffMs ?? 300;
      for (let attempt = 0; ; attempt++) {
        const r = await once(form);
        const last = attempt >= 2;
        if ('maybeSent' in r) throw new MessagingError(`SMS may not have been sent: ${r.maybeSent}`, true);
        if ('notSent' in r) {
          if (last) throw new MessagingError('SMS not sent: connection to Africa\'s Talking failed', true);
        } else if (r.status >= 500) {
          if (last) throw new MessagingError(`SMS not sent: Africa's Talking answered ${r.status}`, true);
        } else if (r.status === 401 || r.status === 403) {
          throw new MessagingError(`SMS not sent: Africa's Talking refused the credentials (${r.status}); check AT_USERNAME and AT_API_KEY`, false);
        } else if (r.status < 200 || r.status >= 300) {
          throw new MessagingError(`SMS not sent: Africa's Talking answered ${r.status}`, false);
        } else {
          const recipients = (r.body as { SMSMessageData?: { Recipients?: AtRecipient[] } } | null)?.SMSMessageData?.Recipients;
          const first = Array.isArray(recipients) ? recipients[0] : undefined;
          if (!first) throw new MessagingError("SMS not sent: Africa's Talking accepted no recipient", false);
          if (typeof first.statusCode === 'number' && AT_SUCCESS_CODES.has(first.statusCode)) return;
          const transient = first.statusCode !== undefined && first.statusCode >= 500;
          throw new MessagingError(`SMS not sent: ${String(first.status ?? 'unknown status')} (${String(first.statusCode ?? '?')})`, transient);
        }
        await new Promise((res) => setTimeout(res, delay * (1 + Math.random() / 2)));
        delay *= 2;
      }
    },
  };
}
