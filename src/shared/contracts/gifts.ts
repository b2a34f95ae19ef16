import { z } from 'zod';
import { registerBody, sessionUser } from './accounts.js';
import { COUNTRIES } from '../domain/countries.js';
import { LANGUAGE_CODES } from '../domain/languages.js';
import { PLAN_IDS } from '../domain/plans.js';

/**
 * Gifts (docs/decisions/046-gifts.md): a viewer pays for a pass for someone else, named by email or phone; the
 * recipient is sent a claim code and claims the pass on their own account, once.
 * - POST /api/billing/payments, POST /api/billing/card-checkouts with `gift` (pass purchases only)
 * - POST /api/gifts/claim          { code } → { claimed: { plan, startsAt, endsAt, passesEndAt } }
 * - POST /api/gifts/claim-with-account { code, fullName, email, password } → 201 { user, claimed } and the session
 *   cookie (signed out: the account is made, signed in, and claims the gift in one step)
 * - GET  /api/gifts                → { gifts } (the gifts the caller paid for, newest first)
 * - POST /api/gifts/:id/resend     → { gift } (the same code again; at most GIFT_SENDS_PER_DAY sends a day)
 */

/** Messages one gift may be sent in 24 hours (the first one included). */
export const GIFT_SENDS_PER_DAY = 3;
/** Days a gift stays claimable after its payment succeeded. */
export const GIFT_VALID_DAYS = 365;

/**
 * Who a gift is for: exactly one of an email or a mobile number (Rwanda or Uganda, read in `country` when local,
 * Rwanda by default), and the language of the message (English by default).
 */
export const giftRecipient = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')).optional(),
    phone: z.string().trim().min(1).max(20).optional(),
    country: z.enum(COUNTRIES).optional(),
    language: z.enum(LANGUAGE_CODES).optional(),
  })
  .refine((g) => (g.email === undefined) !== (g.phone === undefined), { path: ['email'], message: 'Give either an email or a phone number' });
export type GiftRecipient = z.infer<typeof giftRecipient>;

export const claimGiftBody = z.object({ code: z.string().trim().min(1, 'Enter the gift code').max(64, 'That is too long for a gift code') });
export type ClaimGiftBody = z.infer<typeof claimGiftBody>;

/**
 * Claiming signed out, with a new account (docs/decisions/046-gifts.md, amended 2026-11-29): the code, and the
 * registration contract's own rules for the full name, the email (trimmed, lower-cased) and the password (6 to 128
 * characters; the server's password policy then applies, ADR 018). No confirmation field: the form shows the password.
 */
export const claimWithAccountBody = z.object({
  code: claimGiftBody.shape.code,
  fullName: registerBody.shape.fullName,
  email: registerBody.shape.email,
  password: registerBody.shape.password,
});
export type ClaimWithAccountBody = z.infer<typeof claimWithAccountBody>;

export const claimedGift = z.object({
  plan: z.enum(PLAN_IDS),
  /** When the time this gift added starts (now, or after the passes ahead of it: ADR 019). */
  startsAt: z.string(),
  endsAt: z.string(),
  /** When all of the viewer's passes end. */
  passesEndAt: z.string(),
});
export type ClaimedGiftView = z.infer<typeof claimedGift>;
export const claimGiftResponse = z.object({ claimed: claimedGift });
/** 201 of POST /api/gifts/claim-with-account: the new account (now signed in) and what the gift added to it. */
export const claimWithAccountResponse = z.object({ user: sessionUser, claimed: claimedGift });

export const giftStatus = z.enum(['awaiting_payment', 'sent', 'claimed', 'expired']);
export type GiftStatus = z.infer<typeof giftStatus>;

export const giftView = z.object({
  id: z.string(),
  /** The payment that bought it (null once that payment was deleted): the web's success step finds the gift by it. */
  paymentId: z.string().nullable(),
  plan: z.enum(PLAN_IDS),
  /** `a***@example.com` or `2507******12`. */
  recipient: z.string(),
  channel: z.enum(['email', 'sms']),
  status: giftStatus,
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
  sentCount: z.number().int(),
  lastSentAt: z.string().nullable(),
});
export type GiftView = z.infer<typeof giftView>;
export const giftsResponse = z.object({ gifts: z.array(giftView) });
export const giftResponse = z.object({ gift: giftView });
