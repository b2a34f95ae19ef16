/**
 * Getting back into an account (docs/decisions/021-account-recovery.md; docs/product/viewer.md §2 "/login").
 *
 * - By email: a link to /reset-password with a random token (32 bytes, base64url), valid RESET_LINK_MINUTES (30),
 *   working once; only its SHA-256 is stored.
 * - By SMS: a RESET_CODE_DIGITS (6) digit code to the Rwandan MTN or Airtel number on the profile, valid
 *   RESET_CODE_MINUTES (10); only its HMAC-SHA256 (keyed with the session secret) is stored. Wrong codes are
 *   counted per number, whether or not it has an account, so the answers are the same for every number; the
 *   RESET_CODE_TRIES-th (5th) wrong code kills the code (even the right one then fails) until a new one is asked.
 * - Both requests answer the same whether or not the account or number exists: the limits are counted first (per
 *   client address (an IPv6 /64 counts as one: lib/client-address.ts) and per email or number, RECOVERY_LIMITS;
 *   429 `rate_limited` past them), then the answer goes
 *   out and the look-up and the sending happen after it (`idle()` waits for them), so neither the answer nor its
 *   timing tells who has an account.
 * - Only a verified number gets a reset code (amended 2026-11-28): the account that proved it holds the number by
 *   entering a code texted to it (`sendPhoneCode`, `verifyPhone`; same code length, lifetime and tries as a reset
 *   code; the SMS counted by the same per-address and per-number limits). Saving a number on a profile proves
 *   nothing, so an unverified number gets no code, and a later verification by another account (who received the
 *   code, so holds the SIM) moves the number to it.
 * - A reset sets the new password (password-policy.ts, ADR 018), spends the link or code, and ends every session of
 *   the account; the user signs in again.
 * Errors: AppError 400 `invalid_msisdn`, `weak_password`, `password_mismatch`, `reset_link_invalid`,
 * `reset_code_invalid` (details.attemptsLeft), `reset_code_locked`, `phone_required`, `phone_code_invalid`
 * (details.attemptsLeft), `phone_code_locked`; 429 `rate_limited` (details.retryAfterSeconds).
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { PASSWORD_MIN_LENGTH } from '../../../shared/contracts/accounts.js';
import { RECOVERY_LIMITS, RESET_CODE_DIGITS, RESET_CODE_MINUTES, RESET_CODE_TRIES, RESET_LINK_MINUTES } from '../../../shared/contracts/recovery.js';
import { maskMsisdn, parseRwandaMsisdn } from '../../../shared/domain/msisdn.js';
import { allPrefixesText, joinWords, operatorsIn } from '../../../shared/domain/operators.js';
import { AppError } from '../../lib/app-error.js';
import { clientKey } from '../../lib/client-address.js';
import { createCounter, isOverLimit, keyOf, limitedError, type CounterStore } from '../../lib/rate-counters.js';
import { maskEmail, MessagingError, type MailSender, type SmsSender } from '../../providers/messaging/messaging.js';
import { checkNewPassword } from '../accounts/password-policy.js';
import { resetMail, resetSms, SET_PASSWORD_LINK_DAYS, setPasswordMail, verifyPhoneSms, type MessageLanguage } from './recovery-texts.js';
import type { RecoveryRepository } from './recovery.repository.js';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RecoveryDeps {
  repo: RecoveryRepository;
  mail: MailSender;
  sms: SmsSender;
  log: Log;
  /** The site's origin (PUBLIC_URL), where the link points. */
  publicUrl: string;
  /** Counters of the limits (lib/rate-counters.ts); its secret also keys the codes' HMAC. */
  store: CounterStore;
  /** better-auth's password hasher. */
  hashPassword: (password: string) => Promise<string>;
}

const phoneRequired = () => new AppError(400, 'phone_required', 'Save a phone number on your profile first.', { fields: [{ field: 'phone', message: 'Save a phone number first' }] });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** `Enter a valid MTN or Airtel Rwanda number`: every operator of src/shared/domain/operators.ts. */
const VALID_NUMBER = `Enter a valid ${joinWords(operatorsIn('RW').map((o) => o.shortName), 'or')} Rwanda number`;

function invalidMsisdn(field: string) {
  return new AppError(400, 'invalid_msisdn', `${VALID_NUMBER} (${allPrefixesText()}).`, { fields: [{ field, message: VALID_NUMBER }] });
}

export function createRecoveryService(deps: RecoveryDeps) {
  const { repo, log, store } = deps;
  const L = RECOVERY_LIMITS;
  const perAddress = createCounter(store, 'recovery-address', L.requestsPerAddress.points, L.requestsPerAddress.seconds);
  const perTarget = createCounter(store, 'recovery-target', L.requestsPerTarget.points, L.requestsPerTarget.seconds);
  const checks = createCounter(store, 'recovery-checks', L.checksPerAddress.points, L.checksPerAddress.seconds);
  const codeTries = createCounter(store, 'recovery-code-tries', RESET_CODE_TRIES, RESET_CODE_MINUTES * 60);
  const codeHash = (msisdn: string, code: string) => createHmac('sha256', store.secret).update(`reset-code\0${msisdn}\0${code}`).digest('hex');
  const phoneCodeHash = (userId: string, msisdn: string, code: string) => createHmac('sha256', store.secret).update(`phone-code\0${userId}\0${msisdn}\0${code}`).digest('hex');
  const newCode = () => String(randomInt(0, 10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, '0');
  const pending = new Set<Promise<void>>();

  async function consume(counter: RateLimiterAbstract, key: string, message: string): Promise<void> {
    try {
      await counter.consume(key);
    } catch (err) {
      if (isOverLimit(err)) throw limitedError(err.msBeforeNext, 'rate_limited', message);
      throw err;
    }
  }

  /** Runs `work` after the answer; failures are logged without the recipient or the secret. */
  function later(work: () => Promise<void>, what: string): void {
    const p = work()
      .catch((err: unknown) => log.warn({ err: err instanceof Error ? { name: err.name, message: err.message } : String(err) }, `${what}: not sent`))
      .finally(() => pending.delete(p));
    pending.add(p);
  }

  function checkPasswords(password: string, confirm: string): void {
    if (password.length < PASSWORD_MIN_LENGTH) {
      throw new AppError(400, 'weak_password', `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`, { reason: 'too_short', fields: [{ field: 'body.password', message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.` }] });
    }
    if (password !== confirm) throw new AppError(400, 'password_mismatch', 'Passwords do not match.', { fields: [{ field: 'body.confirmPassword', message: 'Passwords do not match.' }] });
  }

  async function finish(resetId: string, who: { id: string; email: string; name: string }, password: string, invalid: () => AppError): Promise<void> {
    checkNewPassword(password, who, 'body.password');
    const hash = await deps.hashPassword(password);
    if (!(await repo.completeReset(resetId, who.id, hash))) throw invalid();
    log.info({ userId: who.id }, 'password reset: new password set, every session ended');
  }

  const linkInvalid = () => new AppError(400, 'reset_link_invalid', 'This reset link has expired or has already been used. Ask for a new one.');
  const codeLocked = () => new AppError(400, 'reset_code_locked', 'Too many wrong codes. Ask for a new code.');

  return {
    /** Waits for the messages still being looked up or sent (tests, shutdown). */
    async idle(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },

    /**
     * "Forgot password?" by email: counts the limits, then (after the answer) mails a link to the account with
     * that email, if there is one. @throws AppError 429 `rate_limited`
     */
    async requestByEmail(email: string, lang: MessageLanguage, address: string): Promise<void> {
      await consume(perAddress, keyOf(store, 'recovery-address', clientKey(address)), 'Too many reset requests from this address.');
      await consume(perTarget, keyOf(store, 'recovery-email', email), 'Too many reset requests for this email.');
      later(async () => {
        const u = await repo.userByEmail(email);
        if (!u) return;
        const token = randomBytes(32).toString('base64url');
        await repo.insertReset({ userId: u.id, channel: 'email', target: u.email, secretHash: sha256(token), expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000) });
        const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await deps.mail.send({ to: u.email, ...resetMail(lang, u.name, link) });
        log.info({ userId: u.id, recipient: maskEmail(u.email), via: deps.mail.name }, 'password reset link sent');
      }, 'password reset mail');
    },

    /**
     * "Forgot password?" by SMS: counts the limits, then (after the answer) texts a code to that number when an
     * account verified it and still shows it on its profile. @throws AppError 400 `invalid_msisdn`, 429 `rate_limited`
     */
    async requestBySms(phone: string, lang: MessageLanguage, address: string): Promise<void> {
      const parsed = parseRwandaMsisdn(phone);
      if (!parsed) throw invalidMsisdn('body.phone');
      const msisdn = parsed.msisdn;
      await consume(perAddress, keyOf(store, 'recovery-address', clientKey(address)), 'Too many reset requests from this address.');
      await consume(perTarget, keyOf(store, 'recovery-number', msisdn), 'Too many reset requests for this number.');
      // A new request gives the number its tries back, whether or not it has an account (same answers for all).
      await codeTries.delete(keyOf(store, 'recovery-code', msisdn));
      later(async () => {
        // Only the account that verified the number, and only while its profile still shows it (ADR 021, amended).
        const u = await repo.verifiedHolder(msisdn);
        if (!u || !u.phone || parseRwandaMsisdn(u.phone)?.msisdn !== msisdn) {
          log.info({ recipient: maskMsisdn(msisdn) }, 'password reset by SMS: no account verified this number, no code sent');
          return;
        }
        const code = newCode();
        await repo.insertReset({ userId: u.id, channel: 'sms', target: msisdn, secretHash: codeHash(msisdn, code), expiresAt: new Date(Date.now() + RESET_CODE_MINUTES * 60_000) });
        await deps.sms.send({ to: msisdn, text: resetSms(lang, code) });
        log.info({ userId: u.id, recipient: maskMsisdn(msisdn), via: deps.sms.name }, 'password reset code sent');
      }, 'password reset SMS');
    },

    /**
     * Mails an account that an admin made (a translator's, docs/decisions/047-translators-as-people.md) a one-use
     * link to /reset-password to choose its password, valid SET_PASSWORD_LINK_DAYS (7) days; the same link and
     * reset as "Forgot password?" by email. No rate limit: only admins and the command line call it.
     * @throws AppError 404 `not_found` (no such account); the mail sender's error when it could not send.
     */
    async inviteToSetPassword(userId: string, lang: MessageLanguage): Promise<void> {
      const u = await repo.userById(userId);
      if (!u) throw new AppError(404, 'not_found', 'Account not found');
      const token = randomBytes(32).toString('base64url');
      await repo.insertReset({ userId: u.id, channel: 'email', target: u.email, secretHash: sha256(token), expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_DAYS * 86_400_000) });
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await deps.mail.send({ to: u.email, ...setPasswordMail(lang, u.name, link) });
      log.info({ userId: u.id, recipient: maskEmail(u.email), via: deps.mail.name }, 'set-password link sent');
    },

    /**
     * Whether an email link's token can still set a password, without spending it: the reset page asks when it opens,
     * so a used, expired or unknown link is said at once instead of after the new password was typed twice
     * (docs/decisions/055-a-new-viewers-findings.md). Counted with the link and code checks per address.
     * @throws AppError 400 `reset_link_invalid`; 429 `rate_limited`
     */
    async checkLink(token: string, address: string): Promise<void> {
      await consume(checks, keyOf(store, 'recovery-checks', clientKey(address)), 'Too many attempts from this address.');
      const row = await repo.activeLink(sha256(token));
      if (!row || !(await repo.userById(row.userId))) throw linkInvalid();
    },

    /**
     * Sets a new password with an email link's token.
     * @throws AppError 400 `reset_link_invalid`, `weak_password`, `password_mismatch`; 429 `rate_limited`
     */
    async resetWithLink(token: string, password: string, confirm: string, address: string): Promise<void> {
      await consume(checks, keyOf(store, 'recovery-checks', clientKey(address)), 'Too many attempts from this address.');
      checkPasswords(password, confirm);
      const row = await repo.activeLink(sha256(token));
      if (!row) throw linkInvalid();
      const who = await repo.userById(row.userId);
      if (!who) throw linkInvalid();
      await finish(row.id, who, password, linkInvalid);
    },

    /**
     * Sets a new password with an SMS code.
     * @throws AppError 400 `invalid_msisdn`, `reset_code_invalid` (details.attemptsLeft), `reset_code_locked`,
     *   `weak_password`, `password_mismatch`; 429 `rate_limited`
     */
    async resetWithCode(phone: string, code: string, password: string, confirm: string, address: string): Promise<void> {
      await consume(checks, keyOf(store, 'recovery-checks', clientKey(address)), 'Too many attempts from this address.');
      const parsed = parseRwandaMsisdn(phone);
      if (!parsed) throw invalidMsisdn('body.phone');
      const msisdn = parsed.msisdn;
      checkPasswords(password, confirm);
      const triesKey = keyOf(store, 'recovery-code', msisdn);
      if (((await codeTries.get(triesKey))?.consumedPoints ?? 0) >= RESET_CODE_TRIES) throw codeLocked();
      const row = await repo.activeCode(msisdn);
      const given = Buffer.from(codeHash(msisdn, code), 'hex');
      const right = row ? timingSafeEqual(Buffer.from(row.secretHash, 'hex'), given) : false;
      if (!row || !right) {
        const counted = (await codeTries.penalty(triesKey, 1)).consumedPoints;
        const onRow = row ? await repo.addWrongCode(row.id, RESET_CODE_TRIES) : 0;
        const wrong = Math.max(counted, onRow);
        if (wrong >= RESET_CODE_TRIES) throw codeLocked();
        throw new AppError(400, 'reset_code_invalid', 'This code is wrong or has expired.', { attemptsLeft: RESET_CODE_TRIES - wrong, fields: [{ field: 'body.code', message: 'This code is wrong or has expired.' }] });
      }
      const who = await repo.userById(row.userId);
      if (!who) throw new AppError(400, 'reset_code_invalid', 'This code is wrong or has expired.', { attemptsLeft: 0 });
      await finish(row.id, who, password, () => new AppError(400, 'reset_code_invalid', 'This code is wrong or has expired.', { attemptsLeft: 0 }));
      await codeTries.delete(triesKey);
    },

    /**
     * Texts a code that verifies the signed-in user's profile phone (ADR 021, amended 2026-11-28), counted by the
     * recovery SMS limits (per address, per number). Sent before the answer: the user knows their own number.
     * @returns the masked number. @throws AppError 400 `phone_required`, `invalid_msisdn`; 429 `rate_limited`;
     *   503 `server_busy` when the SMS provider refused or did not answer
     */
    async sendPhoneCode(userId: string, lang: MessageLanguage, address: string): Promise<{ sentTo: string }> {
      const u = await repo.userById(userId);
      if (!u?.phone) throw phoneRequired();
      const parsed = parseRwandaMsisdn(u.phone);
      if (!parsed) throw invalidMsisdn('phone');
      const msisdn = parsed.msisdn;
      await consume(perAddress, keyOf(store, 'recovery-address', address), 'Too many codes asked from this address.');
      await consume(perTarget, keyOf(store, 'recovery-number', msisdn), 'Too many codes asked for this number.');
      const code = newCode();
      await repo.insertReset({ userId, channel: 'phone', target: msisdn, secretHash: phoneCodeHash(userId, msisdn, code), expiresAt: new Date(Date.now() + RESET_CODE_MINUTES * 60_000) });
      await deps.sms.send({ to: msisdn, text: verifyPhoneSms(lang, code) }).catch((err: unknown) => {
        if (!(err instanceof MessagingError)) throw err;
        log.warn({ userId, recipient: maskMsisdn(msisdn), via: deps.sms.name, err: { message: err.message } }, 'phone verification code: not sent');
        throw new AppError(503, 'server_busy', 'The code could not be sent. Try again in a few minutes.', { retryAfterSeconds: 60 });
      });
      log.info({ userId, recipient: maskMsisdn(msisdn), via: deps.sms.name }, 'phone verification code sent');
      return { sentTo: maskMsisdn(msisdn) };
    },

    /**
     * Verifies the signed-in user's profile phone with the texted code: the number becomes theirs for recovery (taken
     * from any account that had verified it). A code is for the number it was sent to: after the phone changed, the
     * old code fails. @throws AppError 400 `phone_required`, `phone_code_invalid` (details.attemptsLeft),
     * `phone_code_locked`; 429 `rate_limited`
     */
    async verifyPhone(userId: string, code: string, address: string): Promise<void> {
      await consume(checks, keyOf(store, 'recovery-checks', address), 'Too many attempts from this address.');
      const u = await repo.userById(userId);
      const msisdn = u?.phone ? parseRwandaMsisdn(u.phone)?.msisdn : undefined;
      if (!msisdn) throw phoneRequired();
      const row = await repo.activePhoneCode(userId, msisdn);
      const right = row ? timingSafeEqual(Buffer.from(row.secretHash, 'hex'), Buffer.from(phoneCodeHash(userId, msisdn, code), 'hex')) : false;
      const invalid = (attemptsLeft: number) =>
        new AppError(400, 'phone_code_invalid', 'This code is wrong or has expired.', { attemptsLeft, fields: [{ field: 'body.code', message: 'This code is wrong or has expired.' }] });
      if (!row) throw invalid(0);
      if (!right) {
        const wrong = await repo.addWrongCode(row.id, RESET_CODE_TRIES);
        if (wrong >= RESET_CODE_TRIES) throw new AppError(400, 'phone_code_locked', 'Too many wrong codes. Ask for a new code.');
        throw invalid(RESET_CODE_TRIES - wrong);
      }
      if (!(await repo.completePhoneVerification(row.id, userId, msisdn))) throw invalid(0);
      log.info({ userId, recipient: maskMsisdn(msisdn) }, 'phone verified');
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
