import { z } from 'zod';
import { parseMsisdn } from '../domain/msisdn.js';
import { PLAN_IDS } from '../domain/plans.js';

/**
 * Accounts API (docs/product/viewer.md §2, §5 and §8; better-auth sessions, ADR 001).
 * POST /api/accounts/register, POST /api/accounts/login, POST /api/accounts/logout, GET /api/accounts/me.
 * Registration with an email that has an account answers 409 `email_taken`; an address with REGISTER_TAKEN_LIMIT such
 * answers in the window gets 429 `rate_limited` for any registration (ADR 033).
 */

/** `translator`: a signed-in viewer linked to a translator, with no admin rights (docs/decisions/047-translators-as-people.md). */
export const ROLES = ['user', 'admin', 'super_admin', 'translator'] as const;
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

/** Minimum password length: docs/product/admin.md §9, docs/product/viewer.md §5. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** What the phone field says when it holds no operator's number (the web shows `validation.phone`). */
export const PHONE_INVALID_MESSAGE = 'Enter a mobile number of MTN or Airtel in Rwanda (07X XXX XXXX) or Uganda (+256 7XX XXX XXX)';

/**
 * A profile's phone (register and profile update): empty, or a mobile number that `parseMsisdn` reads as an operator's
 * in operators.ts (Rwanda's local and +250 forms, Uganda's +256 form), since recovery by SMS and gifts text this number
 * (docs/decisions/055-a-new-viewers-findings.md). Kept as typed; at most 20 characters.
 */
export const profilePhone = z
  .string()
  .trim()
  .max(20, 'At most 20 characters')
  // Past 20 characters `max` has said what is wrong.
  .refine((v) => v === '' || v.length > 20 || parseMsisdn(v) !== null, PHONE_INVALID_MESSAGE);

/** A full name: required, at most 120 characters (register and profile update). */
export const fullName = z.string().trim().min(1, 'Full name is required').max(120, 'At most 120 characters');

export const registerBody = z
  .object({
    fullName,
    phone: profilePhone.optional(),
    email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')),
    password: z.string().min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long.').max(PASSWORD_MAX_LENGTH),
    confirmPassword: z.string(),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const passSummary = z.object({
  plan: z.enum(PLAN_IDS),
  status: z.enum(['active', 'expired']),
  expiresAt: z.string(),
  active: z.boolean(),
});
export type PassSummary = z.infer<typeof passSummary>;

export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role,
});
export type SessionUser = z.infer<typeof sessionUser>;

/** GET /api/accounts/me: the signed-in user and their latest pass, or `user: null` when signed out. */
export const meResponse = z.object({
  user: sessionUser.nullable(),
  pass: passSummary.nullable(),
});
export type MeResponse = z.infer<typeof meResponse>;

export const userResponse = z.object({ user: sessionUser });

/**
 * Account settings (docs/product/viewer.md §2 "/settings", §5 and §8; ADR 011).
 * - GET    /api/accounts/profile                                    → { profile }
 * - PUT    /api/accounts/profile  { fullName, phone }               → { profile }
 * - POST   /api/accounts/password { currentPassword, newPassword, confirmPassword } → { ok: true } and a new
 *          session cookie; every other session of the user is signed out
 * - DELETE /api/accounts/me       { confirm: "DELETE" }             → 204, session cookie cleared
 */
/**
 * Registration attempts that hit an email already taken, per client address (IPv4, or IPv6 /64) a window: past them
 * every registration from the address is 429 `rate_limited` until the window ends (ADR 033).
 */
export const REGISTER_TAKEN_LIMIT = { points: 5, seconds: 60 * 60 } as const;
/** At most one "someone tried to register with your email" mail per address this often, seconds (ADR 033). */
export const REGISTER_NOTICE_SECONDS = 60 * 60;

export const profileView = z.object({
  /** Read-only ("Email cannot be changed"). */
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /**
   * Whether this account verified the profile's phone with a texted code and holds it now (ADR 021, amended
   * 2026-11-28): only then does "Forgot password?" by SMS text a code to it. Optional for older servers.
   */
  phoneVerified: z.boolean().optional(),
});
export type ProfileView = z.infer<typeof profileView>;
export const profileResponse = z.object({ profile: profileView });

/**
 * Profile update: a full name is required and the phone, when given, must be an operator's number, as at registration
 * (docs/decisions/055-a-new-viewers-findings.md, in place of docs/product/viewer.md §5 "no further rule": an empty name
 * showed blank everywhere and "abc" was kept as the number recovery by SMS texts). 400 `validation_failed` naming
 * `body.fullName` or `body.phone` otherwise.
 */
export const updateProfileBody = z.object({
  fullName,
  phone: profilePhone.nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/**
 * Password change. Checked in this order, each naming its field in `details.fields`: the current password (400
 * `validation_failed` when empty, `wrong_password` when wrong), then the new one's length (400 `weak_password`), its
 * confirmation (400 `password_mismatch`), that it differs from the current one (400 `same_password`), then the
 * password policy (`weak_password`, ADR 018). docs/decisions/055-a-new-viewers-findings.md.
 */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH),
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
export const okResponse = z.object({ ok: z.literal(true) });

/** Account deletion: the caller types DELETE to confirm (anything else: 400 `confirmation_required`). */
export const deleteAccountBody = z.object({ confirm: z.string().max(20) });
