import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './accounts.js';

/**
 * Account recovery API (docs/decisions/021-account-recovery.md). Both requests answer 202 `{ ok: true }` whether
 * or not an account has that email or number, so nobody learns who has an account; the message goes out after
 * the answer.
 * - POST /api/accounts/recovery/email      { email }                                  → 202 { ok: true }
 * - POST /api/accounts/recovery/sms        { phone }                                  → 202 { ok: true }
 * - GET  /api/accounts/recovery/link?token=                                          → 200 { ok: true } when the link
 *     can still set a password (nothing spent; 400 `reset_link_invalid` otherwise; counted with the checks per
 *     address). The reset page asks when it opens (docs/decisions/055-a-new-viewers-findings.md).
 * - POST /api/accounts/recovery/reset      { token, password, confirmPassword }       → 200 { ok: true }
 * - POST /api/accounts/recovery/reset-code { phone, code, password, confirmPassword } → 200 { ok: true }
 * - GET  /api/admin/outbox?limit=          (super admin)                              → { items: OutboxItemView[] }
 * A reset sets the password and ends every session of the account; the user then signs in.
 *
 * Verifying the profile's phone (signed in; amended 2026-11-28): a reset code by SMS goes only to the account that
 * verified the number.
 * - POST /api/accounts/phone/verification  {}     → 202 `phoneCodeSent`: a PHONE_CODE (6 digits, RESET_CODE_MINUTES,
 *     RESET_CODE_TRIES) texted to the profile's phone, under the recovery SMS limits (per address and per number).
 *     Errors: 400 `phone_required` (no phone saved), `invalid_msisdn`; 429 `rate_limited`; 503 `server_busy` (SMS not sent).
 * - POST /api/accounts/phone/verify        { code } → 200 { profile } (`phoneVerified: true`); the number moves to
 *     this account if another had verified it. Errors: 400 `phone_code_invalid` (`details.attemptsLeft`),
 *     `phone_code_locked`, `phone_required`; 429 `rate_limited`.
 * Errors: 400 `invalid_msisdn`, `weak_password`, `password_mismatch`, `reset_link_invalid` (unknown, expired or
 * used link), `reset_code_invalid` (wrong or expired code; `details.attemptsLeft`), `reset_code_locked` (five
 * wrong codes: ask for a new one); 429 `rate_limited` with Retry-After.
 */

/** Minutes an email reset link works (ADR 021). */
export const RESET_LINK_MINUTES = 30;
/** Minutes an SMS reset code works (ADR 021). */
export const RESET_CODE_MINUTES = 10;
/** Wrong codes allowed per code (and per number meanwhile): the fifth kills it (ADR 021). */
export const RESET_CODE_TRIES = 5;
/** Digits of an SMS reset code. */
export const RESET_CODE_DIGITS = 6;

/**
 * Request limits (ADR 021): reset requests per client address, and per email or number whoever asks;
 * link and code checks per client address. `points` per `seconds`.
 */
export const RECOVERY_LIMITS = {
  requestsPerAddress: { points: 10, seconds: 60 * 60 },
  requestsPerTarget: { points: 3, seconds: 60 * 60 },
  checksPerAddress: { points: 30, seconds: 10 * 60 },
} as const;

export const recoveryEmailBody = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')),
});
export type RecoveryEmailBody = z.infer<typeof recoveryEmailBody>;

/** The phone as typed; the server reads it as a Rwandan MTN or Airtel number (400 `invalid_msisdn` otherwise). */
export const recoverySmsBody = z.object({ phone: z.string().trim().min(1, 'Phone number is required').max(20) });
export type RecoverySmsBody = z.infer<typeof recoverySmsBody>;

const newPassword = { password: z.string().max(PASSWORD_MAX_LENGTH), confirmPassword: z.string().max(PASSWORD_MAX_LENGTH) };

export const resetWithLinkBody = z.object({ token: z.string().trim().min(16, 'The link is incomplete').max(128), ...newPassword });
export type ResetWithLinkBody = z.infer<typeof resetWithLinkBody>;

/** Query of GET /api/accounts/recovery/link: the email link's token (the logs never show it: log-redaction.ts). */
export const resetLinkQuery = z.object({ token: resetWithLinkBody.shape.token });

/** Body of POST /api/accounts/phone/verify. */
export const verifyPhoneBody = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`), `Enter the ${RESET_CODE_DIGITS}-digit code`),
});
export type VerifyPhoneBody = z.infer<typeof verifyPhoneBody>;

/** Answer of POST /api/accounts/phone/verification: where the code went, masked (`250788***456`). */
export const phoneCodeSent = z.object({ ok: z.literal(true), sentTo: z.string() });
export type PhoneCodeSent = z.infer<typeof phoneCodeSent>;

export const resetWithCodeBody = z.object({
  phone: z.string().trim().min(1, 'Phone number is required').max(20),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`), `Enter the ${RESET_CODE_DIGITS}-digit code`),
  ...newPassword,
});
export type ResetWithCodeBody = z.infer<typeof resetWithCodeBody>;

export const recoveryAccepted = z.object({ ok: z.literal(true) });

export const outboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const outboxItemView = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxItemView = z.infer<typeof outboxItemView>;
export const outboxResponse = z.object({ items: z.array(outboxItemView) });
