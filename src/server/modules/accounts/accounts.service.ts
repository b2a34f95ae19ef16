/**
 * Accounts: registration, sign-in, sign-out and users made from the command line (ADR 002), and the
 * settings of ADR 011: profile, password change (other sessions signed out) and account erasure (docs/product/viewer.md §2, §5 and §8). Passwords are hashed and sessions kept by better-auth.
 * New passwords follow password-policy.ts (ADR 018: at least 6 characters, not common, not the email or name).
 * Errors: AppError 409 `email_taken`, 401 `invalid_credentials`, 400 `weak_password`, 400 `password_mismatch`,
 * 400 `wrong_password`, 400 `same_password`, 400 `confirmation_required`, 404 `not_found`.
 */
import { isAPIError } from 'better-auth/api';
import type { ChangePasswordBody, ProfileView, RegisterBody, Role, SessionUser, UpdateProfileBody } from '../../../shared/contracts/accounts.js';
import { PASSWORD_MIN_LENGTH } from '../../../shared/contracts/accounts.js';
import { parseRwandaMsisdn } from '../../../shared/domain/msisdn.js';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from '../../plugins/auth.js';
import type { AccountsRepository } from './accounts.repository.js';
import { checkNewPassword } from './password-policy.js';

function mapAuthError(err: unknown): never {
  if (isAPIError(err)) {
    const code = String((err.body as { code?: string } | undefined)?.code ?? '');
    if (code.startsWith('USER_ALREADY_EXISTS')) throw new AppError(409, 'email_taken', 'An account with this email already exists.');
    if (code === 'INVALID_EMAIL_OR_PASSWORD') throw new AppError(401, 'invalid_credentials', 'Invalid email or password.');
    if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') throw new AppError(400, 'weak_password', 'Password must be at least 6 characters long.');
    if (code === 'INVALID_EMAIL') throw new AppError(400, 'validation_failed', 'Enter a valid email address.', { fields: [{ field: 'body.email', message: 'Enter a valid email address' }] });
  }
  throw err;
}

export function createAccountsService(deps: { auth: Auth; accounts: AccountsRepository }) {
  const { auth, accounts } = deps;

  async function profile(userId: string): Promise<ProfileView> {
    const p = await accounts.profileOf(userId);
    if (!p) throw new AppError(404, 'not_found', 'Account not found');
    const verified = p.phone ? await accounts.verifiedPhoneOf(userId) : null;
    const phoneVerified = verified !== null && parseRwandaMsisdn(p.phone ?? '')?.msisdn === verified;
    return { email: p.email, fullName: p.fullName ?? p.name, phone: p.phone ?? null, updatedAt: p.updatedAt ? p.updatedAt.toISOString() : null, phoneVerified };
  }

  /** Creates a user, their profile (full name, phone) and, when given, a role row. */
  async function register(body: Pick<RegisterBody, 'fullName' | 'phone' | 'email' | 'password'>, role?: Role): Promise<SessionUser> {
    // better-auth answers a duplicate sign-up with a look-alike user (enumeration protection); the spec
    // reports "Sign Up Failed" with the reason, so the duplicate is caught here.
    if (await accounts.findUserByEmail(body.email)) throw new AppError(409, 'email_taken', 'An account with this email already exists.');
    checkNewPassword(body.password, { email: body.email, name: body.fullName });
    const res = await auth.api.signUpEmail({ body: { name: body.fullName, email: body.email, password: body.password } }).catch(mapAuthError);
    await accounts.upsertProfile(res.user.id, body.fullName, body.phone ? body.phone : null);
    if (role && role !== 'user') await accounts.assignRole(res.user.id, role, null);
    return { id: res.user.id, email: res.user.email, name: res.user.name, role: role ?? 'user' };
  }

  /**
   * Creates an account as `register` does (same checks, 409 `email_taken`, 400 `weak_password`) and signs it in at
   * once: returns the user and the `Set-Cookie` headers of its first session. Used where the product makes the
   * account and uses it in one step (a gift claimed signed out, docs/decisions/046-gifts.md).
   */
  async function registerAndSignIn(body: Pick<RegisterBody, 'fullName' | 'phone' | 'email' | 'password'>, headers: Headers): Promise<{ user: SessionUser; setCookie: string[] }> {
    await register(body);
    return login(body.email, body.password, headers);
  }

  /** Signs in; returns the user and the `Set-Cookie` headers of the new session. */
  async function login(email: string, password: string, headers: Headers): Promise<{ user: SessionUser; setCookie: string[] }> {
    const res = await auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true }).catch(mapAuthError);
    const role = await accounts.roleOf(res.response.user.id);
    const u = res.response.user;
    return { user: { id: u.id, email: u.email, name: u.name, role }, setCookie: res.headers.getSetCookie() };
  }

  return {
    register,
    registerAndSignIn,
    login,
    /** Ends the session named by the request's cookie; returns the clearing `Set-Cookie` headers. */
    async logout(headers: Headers): Promise<string[]> {
      const res = await auth.api.signOut({ headers, returnHeaders: true }).catch(() => null);
      return res?.headers.getSetCookie() ?? [];
    },
    profile,
    /**
     * Saves full name and phone as typed (the contract refused an empty name or a phone that is no operator's number,
     * docs/decisions/055-a-new-viewers-findings.md). A verified
     * number survives only if the new phone reads as the same number (ADR 021, amended 2026-11-28).
     */
    async updateProfile(userId: string, body: UpdateProfileBody): Promise<ProfileView> {
      const phone = body.phone ? body.phone : null;
      await accounts.updateProfile(userId, body.fullName, phone, new Date(), phone ? (parseRwandaMsisdn(phone)?.msisdn ?? null) : null);
      return profile(userId);
    },
    /**
     * Changes the password and signs every other session out (better-auth `revokeOtherSessions`); the caller's
     * session is replaced by a new one, whose `Set-Cookie` headers are returned. `who` is the signed-in user (the
     * new password must not be their email or name). Checked in this order, each error naming its field
     * (docs/decisions/055-a-new-viewers-findings.md): the current password (400 `wrong_password`), the new one's
     * length (`weak_password`), the confirmation (`password_mismatch`), a new password equal to the current one
     * (`same_password`), then the password policy (`weak_password`, ADR 018).
     */
    async changePassword(body: ChangePasswordBody, headers: Headers, who: { id: string; email: string; name: string }): Promise<string[]> {
      const wrongPassword = () => new AppError(400, 'wrong_password', 'Your current password is incorrect.', { fields: [{ field: 'body.currentPassword', message: 'Incorrect password' }] });
      const tooShort = { fields: [{ field: 'body.newPassword', message: 'Password must be at least 6 characters long.' }] };
      // The current password first: a viewer who got it wrong learns that before anything about the new one.
      const ctx = await auth.$context;
      const credential = await ctx.internalAdapter.findCredentialAccount(who.id);
      if (!credential?.password || !(await ctx.password.verify({ hash: credential.password, password: body.currentPassword }))) throw wrongPassword();
      if (body.newPassword.length < PASSWORD_MIN_LENGTH) throw new AppError(400, 'weak_password', 'Password must be at least 6 characters long.', tooShort);
      if (body.newPassword !== body.confirmPassword) {
        throw new AppError(400, 'password_mismatch', 'New passwords do not match.', { fields: [{ field: 'body.confirmPassword', message: 'New passwords do not match.' }] });
      }
      if (body.newPassword === body.currentPassword) {
        throw new AppError(400, 'same_password', 'Your new password must be different from your current password.', { fields: [{ field: 'body.newPassword', message: 'Choose a password different from your current one.' }] });
      }
      checkNewPassword(body.newPassword, who, 'body.newPassword');
      const res = await auth.api
        .changePassword({ body: { currentPassword: body.currentPassword, newPassword: body.newPassword, revokeOtherSessions: true }, headers, returnHeaders: true })
        .catch((err: unknown) => {
          if (isAPIError(err)) {
            const code = String((err.body as { code?: string } | undefined)?.code ?? '');
            if (code === 'INVALID_PASSWORD') throw wrongPassword();
            if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') throw new AppError(400, 'weak_password', 'Password must be at least 6 characters long.', tooShort);
            if (code === 'UNAUTHORIZED') throw new AppError(401, 'unauthenticated', 'Please log in to continue.');
          }
          throw err;
        });
      return res.headers.getSetCookie();
    },
    /**
     * Erases the caller's account (docs/product/viewer.md §2 "Danger Zone"): their session is signed out, then every
     * personal record removed; payments stay for accounting with no user and no number. Returns the `Set-Cookie`
     * headers that clear the session cookie.
     */
    async deleteAccount(userId: string, confirm: string, headers: Headers): Promise<string[]> {
      if (confirm !== 'DELETE') {
        throw new AppError(400, 'confirmation_required', 'Type DELETE to confirm the deletion of your account.', { fields: [{ field: 'body.confirm', message: 'Type DELETE to confirm' }] });
      }
      const res = await auth.api.signOut({ headers, returnHeaders: true }).catch(() => null);
      if (!(await accounts.eraseUser(userId))) throw new AppError(404, 'not_found', 'Account not found');
      return res?.headers.getSetCookie() ?? [];
    },
    /**
     * Gives the user of `email` the role `role` (the command line's `user role`; a new role row, by `by`). The last
     * super_admin keeps the role, so the site always has one (docs/decisions/002-cli-and-embedded-database.md, amended).
     * @returns the role before and after. @throws AppError 404 `not_found`, 409 `conflict` (the last super_admin).
     */
    async setRole(email: string, role: Role, by: string | null): Promise<{ from: Role; to: Role }> {
      const u = await accounts.findUserByEmail(email);
      if (!u) throw new AppError(404, 'not_found', `No user with email ${email}`);
      const from = await accounts.roleOf(u.id);
      if (from === role) return { from, to: role };
      if (from === 'super_admin' && (await accounts.countWithRole('super_admin')) <= 1) {
        throw new AppError(409, 'conflict', `${u.email} is the last super_admin; make another user super_admin first`);
      }
      await accounts.assignRole(u.id, role, by);
      return { from, to: role };
    },
    /**
     * Sets a new password without the old one (the command line's `user set-password`, run by whoever holds the
     * server; docs/decisions/002-cli-and-embedded-database.md, amended): checked by password-policy.ts, hashed by
     * better-auth, and every session of the user ended (the operator has none of theirs to keep).
     * @returns how many sessions were ended. @throws AppError 404 `not_found`, 400 `weak_password`.
     */
    async setPassword(email: string, password: string): Promise<{ sessionsEnded: number }> {
      const u = await accounts.findUserByEmail(email);
      if (!u) throw new AppError(404, 'not_found', `No user with email ${email}`);
      const p = await accounts.profileOf(u.id);
      checkNewPassword(password, { email: u.email, name: p?.fullName ?? u.name }, 'password');
      const ctx = await auth.$context;
      const credential = (await ctx.internalAdapter.findAccounts(u.id)).find((a) => a.providerId === 'credential');
      const hash = await ctx.password.hash(password);
      if (credential) await ctx.internalAdapter.updatePassword(u.id, hash);
      else await ctx.internalAdapter.linkAccount({ userId: u.id, providerId: 'credential', accountId: u.id, password: hash });
      const sessions = await ctx.internalAdapter.listSessions(u.id);
      await ctx.internalAdapter.deleteUserSessions(u.id);
      return { sessionsEnded: sessions.length };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
