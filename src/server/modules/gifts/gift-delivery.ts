/**
 * Writing a gift with its payment and sending its message (docs/decisions/046-gifts.md). Billing calls `insertIn`
 * and `paid` (its GiftHooks) without knowing this module; the gifts service calls `send` to send a gift again.
 * - A gift's recipient is an email (lower-cased) or a mobile number of Rwanda or Uganda (parseMsisdn, read in the
 *   gift's `country` when local).
 * - Its code is a voucher-shaped code (src/shared/domain/voucher-code.ts, ADR 042), stored as its SHA-256 and
 *   sealed under a key of its own (HKDF info `sobanura gift codes v1`), opened only to send the message.
 * - The message (gift-texts.ts, in the gift's language) carries `${PUBLIC_URL}/gift?code=<code>` and the code.
 *   Logs name the gift, the channel and a masked recipient, never the code or the full address or number.
 * - At most GIFT_SENDS_PER_DAY messages a gift in 24 hours (the app's counter store, ADR 018).
 */
import { GIFT_SENDS_PER_DAY, type GiftRecipient } from '../../../shared/contracts/gifts.js';
import { maskMsisdn, parseMsisdn } from '../../../shared/domain/msisdn.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createCounter, isOverLimit, limitedError, type CounterStore } from '../../lib/rate-counters.js';
import { maskEmail, type MailSender, type SmsSender } from '../../providers/messaging/messaging.js';
import type { GiftHooks } from '../billing/billing.service.js';
import type { PaymentRow } from '../billing/billing.repository.js';
import { codeHash, newCode, type CodeSealer } from '../vouchers/voucher-codes.js';
import { giftMail, giftSms } from './gift-texts.js';
import { insertGiftIn, type GiftRow, type GiftsRepository } from './gifts.repository.js';

/** The HKDF info of the key gift codes are sealed under (voucher codes have their own). */
export const GIFT_SEAL_INFO = 'sobanura gift codes v1';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A gift's recipient, masked for logs and the giver's list. */
export const maskedRecipient = (g: Pick<GiftRow, 'recipientEmail' | 'recipientMsisdn'>): string => (g.recipientEmail ? maskEmail(g.recipientEmail) : maskMsisdn(g.recipientMsisdn ?? ''));

export function createGiftDelivery(deps: { repo: GiftsRepository; sealer: CodeSealer; mail: MailSender; sms: SmsSender; log: Log; publicUrl: string; store: CounterStore; now?: () => Date }) {
  const { repo, sealer, log } = deps;
  const now = deps.now ?? (() => new Date());
  const sends = createCounter(deps.store, 'gift-sends', GIFT_SENDS_PER_DAY, 24 * 3600);

  /** The recipient's columns. @throws AppError 400 `invalid_msisdn` for a number no operator of that country has. */
  function recipientOf(r: GiftRecipient): { recipientEmail: string | null; recipientMsisdn: string | null } {
    if (r.email) return { recipientEmail: r.email.trim().toLowerCase(), recipientMsisdn: null };
    const parsed = parseMsisdn(r.phone ?? '', r.country ?? 'RW');
    if (!parsed) {
      throw new AppError(400, 'invalid_msisdn', 'Enter a valid MTN or Airtel number of Rwanda or Uganda for the gift.', { fields: [{ field: 'body.gift.phone', message: 'Invalid mobile number' }] });
    }
    return { recipientEmail: null, recipientMsisdn: parsed.msisdn };
  }

  /**
   * Hands the gift's message over (email or SMS) and counts it. Counted against the gift's daily sends first.
   * @throws AppError 429 `rate_limited` past GIFT_SENDS_PER_DAY; 409 `conflict` when the code cannot be opened
   *   (SESSION_SECRET changed); MessagingError when the sender did not take it.
   */
  async function send(g: GiftRow): Promise<void> {
    try {
      await sends.consume(g.id);
    } catch (err) {
      if (isOverLimit(err)) throw limitedError(err.msBeforeNext, 'rate_limited', `A gift is sent at most ${GIFT_SENDS_PER_DAY} times a day.`);
      throw err;
    }
    const code = sealer.open(g.codeSealed);
    if (!code) throw new AppError(409, 'conflict', 'The code of this gift was sealed under another SESSION_SECRET and cannot be sent again.');
    const link = `${deps.publicUrl}/gift?${new URLSearchParams({ code })}`;
    const giver = await repo.userName(g.giverId);
    const until = g.expiresAt ?? now();
    if (g.recipientEmail) await deps.mail.send({ to: g.recipientEmail, ...giftMail(g.language, giver, g.plan, link, code, until) });
    else await deps.sms.send({ to: g.recipientMsisdn!, text: giftSms(g.language, giver, g.plan, link, code) });
    await repo.markSent(g.id, now());
    log.info({ giftId: g.id, channel: g.recipientEmail ? 'email' : 'sms', recipient: maskedRecipient(g), via: g.recipientEmail ? deps.mail.name : deps.sms.name }, 'gift message sent');
  }

  const hooks: GiftHooks = {
    async insertIn(tx: Database, payment: PaymentRow, recipient: GiftRecipient) {
      const code = newCode();
      await insertGiftIn(tx, {
        paymentId: payment.id,
        giverId: payment.userId,
        plan: payment.plan!,
        ...recipientOf(recipient),
        language: recipient.language ?? 'en',
        codeHash: codeHash(code),
        codeSealed: sealer.seal(code),
        createdAt: payment.createdAt,
      });
    },
    async paid(paymentId: string) {
      try {
        const g = await repo.byPayment(paymentId);
        if (!g?.activatedAt || g.claimedAt) return;
        await send(g);
      } catch (err) {
        // The gift stays claimable; the giver can send it again (POST /api/gifts/:id/resend).
        log.warn({ paymentId, err: { message: (err as Error).message } }, 'gift message not sent');
      }
    },
  };

  return { hooks, send };
}
export type GiftDelivery = ReturnType<typeof createGiftDelivery>;
