/**
 * Gifts (docs/decisions/046-gifts.md): claiming a gift's code, the giver's list of gifts, and sending one again.
 * - A claim reads the typed code (src/shared/domain/voucher-code.ts: a typo is refused 400 before any database
 *   lookup), looks it up by its hash and credits the pass through billing's `creditPassWhen` (the stacking rule of
 *   ADR 019 is billing's alone, `source` 'gift') in the transaction of the gift's conditional UPDATE, so a gift
 *   credits exactly one pass whatever races with it. Claims are limited like voucher redemptions, with the same
 *   numbers in windows of their own (redeem-limits.ts, kind 'gift'): a wrong code is a well-formed one no gift has.
 * - The giver sees their gifts with a masked recipient; sends one again (the same code) while it is activated,
 *   unclaimed and not expired, at most GIFT_SENDS_PER_DAY times a day.
 * - Signed out, `claimWithNewAccount` checks the code and that the gift is claimable before the route's callback
 *   makes the account, then claims it for that account the same exactly-once way (ADR 046, amended 2026-11-29).
 * Errors: AppError 400 `gift_malformed` (details.problem 'length' | 'characters' | 'check'), 404 `gift_unknown`,
 * 409 `gift_claimed` (details.byYou), 410 `gift_expired`, 429 `gift_locked` / `rate_limited` (the limits);
 * for a resend 404 `not_found` (not the caller's), 409 `conflict` (not paid yet, claimed, expired), 429
 * `rate_limited`, 502 `gift_not_sent` (the mail or SMS provider did not take it).
 */
import type { ClaimedGiftView, GiftStatus, GiftView } from '../../../shared/contracts/gifts.js';
import { parseVoucherCode } from '../../../shared/domain/voucher-code.js';
import { AppError } from '../../lib/app-error.js';
import type { BillingService } from '../billing/billing.service.js';
import type { RedeemLimits } from '../vouchers/redeem-limits.js';
import { codeHash } from '../vouchers/voucher-codes.js';
import { maskedRecipient, type GiftDelivery } from './gift-delivery.js';
import type { GiftRow, GiftsRepository } from './gifts.repository.js';

/** What `subscriptions.source` and `queued_passes.source` say of time a gift added. */
export const GIFT_SOURCE = 'gift';

const MALFORMED: Record<string, string> = {
  length: 'A gift code has 15 characters (XXXXX-XXXXX-XXXXX).',
  characters: 'A gift code holds only the digits 2-9 and capital letters other than I, L and O.',
  check: 'This gift code has a typo: check each character.',
};

/** The code of `typed` without its dashes, or 400 `gift_malformed` (the check character, ADR 042), before any lookup. */
function parsedCode(typed: string): string {
  const parsed = parseVoucherCode(typed);
  if (!parsed.ok) throw new AppError(400, 'gift_malformed', MALFORMED[parsed.problem]!, { problem: parsed.problem, fields: [{ field: 'body.code', message: MALFORMED[parsed.problem]! }] });
  return parsed.code;
}

export function giftStatus(g: GiftRow, at: Date): GiftStatus {
  if (g.claimedAt) return 'claimed';
  if (!g.activatedAt) return 'awaiting_payment';
  if (g.expiresAt && g.expiresAt.getTime() <= at.getTime()) return 'expired';
  return 'sent';
}

export function toGiftView(g: GiftRow, at: Date): GiftView {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: g.id,
    paymentId: g.paymentId,
    plan: g.plan,
    recipient: maskedRecipient(g),
    channel: g.recipientEmail ? 'email' : 'sms',
    status: giftStatus(g, at),
    createdAt: g.createdAt.toISOString(),
    activatedAt: iso(g.activatedAt),
    expiresAt: iso(g.expiresAt),
    claimedAt: iso(g.claimedAt),
    sentCount: g.sentCount,
    lastSentAt: iso(g.lastSentAt),
  };
}

export function createGiftsService(deps: { repo: GiftsRepository; billing: BillingService; delivery: GiftDelivery; limits: RedeemLimits; now?: () => Date }) {
  const { repo, billing, delivery, limits } = deps;
  const now = deps.now ?? (() => new Date());

  /** Why gift `g` cannot be claimed by `userId` at `at`, as the error to throw; null when it can. */
  function refusal(g: GiftRow, userId: string, at: Date): AppError | null {
    if (g.claimedAt) return new AppError(409, 'gift_claimed', 'This gift has already been claimed.', { byYou: g.claimedBy === userId });
    // Not paid yet: to the recipient, a code that works nowhere yet is as good as unknown.
    if (!g.activatedAt) return new AppError(404, 'gift_unknown', 'No gift has this code. Check the message you received.');
    if (!g.expiresAt || g.expiresAt.getTime() <= at.getTime()) return new AppError(410, 'gift_expired', 'This gift has expired.', { expiredAt: g.expiresAt?.toISOString() ?? null });
    return null;
  }

  /** The claimable gift of code hash `hash` for `userId` (null: a new account), or the refusal thrown. */
  async function claimable(hash: string, userId: string | null): Promise<GiftRow> {
    const found = await repo.findByHash(hash);
    if (!found) throw new AppError(404, 'gift_unknown', 'No gift has this code. Check the message you received.');
    const refused = refusal(found, userId ?? '', now());
    if (refused) throw refused;
    return found;
  }

  async function claimNow(userId: string, code: string): Promise<ClaimedGiftView> {
    const hash = codeHash(code);
    return claimFound(userId, hash, await claimable(hash, userId));
  }

  /** Claims the gift `found` (read as claimable) for `userId` with billing's exactly-once credit. */
  async function claimFound(userId: string, hash: string, found: GiftRow): Promise<ClaimedGiftView> {
    const credited = await billing.creditPassWhen(userId, found.plan, GIFT_SOURCE, (tx) => repo.claimIn(tx, hash, userId, now()));
    if (!credited) {
      // Another claim or the expiry came first: say which, as read now.
      const again = await repo.findByHash(hash);
      throw (again && refusal(again, userId, now())) ?? new AppError(409, 'gift_claimed', 'This gift has already been claimed.', { byYou: false });
    }
    const timeline = await billing.passTimeline(userId);
    const added = timeline.find((s) => s.plan === found.plan);
    const end = timeline.at(-1);
    return {
      plan: found.plan,
      startsAt: (added?.startsAt ?? credited.pass.updatedAt).toISOString(),
      endsAt: (added?.endsAt ?? credited.pass.expiresAt).toISOString(),
      passesEndAt: (end?.endsAt ?? credited.pass.expiresAt).toISOString(),
    };
  }

  return {
    /**
     * Claims the gift with code `typed` (as typed) for `userId`, trying from client `client` (a `clientKey`):
     * credits a pass of the gift's plan under ADR 019 and says what it added. Errors: see the module comment.
     */
    async claim(userId: string, client: string, typed: string): Promise<ClaimedGiftView> {
      const code = parsedCode(typed);
      return limits.attempt(userId, client, () => claimNow(userId, code), (err) => err instanceof AppError && err.code === 'gift_unknown');
    },

    /**
     * Claims the gift with code `typed` for an account made on the way (docs/decisions/046-gifts.md, amended
     * 2026-11-29: a recipient with no account gets one on claim), trying from client `client` (a `clientKey`).
     * In this order, so that a code that cannot be claimed makes no account:
     * 1. the check character (400 `gift_malformed`; nothing counted or looked up);
     * 2. `steps.before` (the route's registration guard, 429 `rate_limited`);
     * 3. the claim limits, the client standing for the account (key `anon:<client>`: a signed-out guesser gets the
     *    per-account wrong-code window, 10 an hour, per address);
     * 4. the gift must be claimable (404 `gift_unknown`, 409 `gift_claimed`, 410 `gift_expired`);
     * 5. `steps.createAccount(giftPhone)` makes the account and returns its id; `giftPhone` is the gift's number as
     *    `+<MSISDN>` when it was sent by SMS, else null;
     * 6. billing's exactly-once credit. Lost to a race after the account was made: 409 `gift_claimed` (410 if it
     *    expired meanwhile) with details.accountCreated true; the account stays, without the pass.
     * @returns the new account's id and what the gift added. @throws the above, and whatever `steps` throw (409
     *   `email_taken`, 400 `weak_password`: then no account was made and no gift claimed).
     */
    async claimWithNewAccount(
      client: string,
      typed: string,
      steps: { before: () => Promise<void>; createAccount: (giftPhone: string | null) => Promise<string> },
    ): Promise<{ userId: string; claimed: ClaimedGiftView }> {
      const code = parsedCode(typed);
      const hash = codeHash(code);
      await steps.before();
      return limits.attempt(`anon:${client}`, client, async () => {
        const found = await claimable(hash, null);
        const userId = await steps.createAccount(found.recipientMsisdn ? `+${found.recipientMsisdn}` : null);
        try {
          return { userId, claimed: await claimFound(userId, hash, found) };
        } catch (err) {
          // Lost to another claim (or the expiry) after the account was made: the account stays, and says so.
          if (err instanceof AppError) throw new AppError(err.statusCode, err.code, err.message, { ...(err.details as object | undefined), accountCreated: true });
          throw err;
        }
      }, (err) => err instanceof AppError && err.code === 'gift_unknown');
    },

    /** The gifts `userId` paid for or started paying for, newest first. */
    async mine(userId: string): Promise<GiftView[]> {
      const at = now();
      return (await repo.ofGiver(userId)).map((g) => toGiftView(g, at));
    },

    /** Sends the caller's gift `id` again, with the same code. Errors: see the module comment. */
    async resend(userId: string, id: string): Promise<GiftView> {
      const g = await repo.byId(id);
      if (!g || g.giverId !== userId) throw new AppError(404, 'not_found', 'Gift not found');
      const status = giftStatus(g, now());
      if (status !== 'sent') {
        const why = { awaiting_payment: 'This gift is not paid yet.', claimed: 'This gift has already been claimed.', expired: 'This gift has expired.' }[status];
        throw new AppError(409, 'conflict', why, { status });
      }
      try {
        await delivery.send(g);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError(502, 'gift_not_sent', 'The message could not be sent. Try again later.');
      }
      return toGiftView((await repo.byId(id)) ?? g, now());
    },
  };
}
export type GiftsService = ReturnType<typeof createGiftsService>;
