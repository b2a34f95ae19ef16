/**
 * What registration does when the email already has an account (docs/decisions/033-registration-answers-whether-an-
 * email-is-taken.md): the answer stays 409 `email_taken`, and two things make that answer costly to use for
 * finding out who has an account:
 * - per client address (an IPv4 address, or an IPv6 /64: lib/client-address.ts `clientKey`), at most
 *   REGISTER_TAKEN_LIMIT attempts a window that hit a taken email; past them every registration from that address is
 *   429 `rate_limited` (Retry-After) until the window ends, whether the next email is taken or not, so the 429 itself
 *   tells nothing. Counted with lib/rate-counters.ts (Redis when REDIS_URL is set, so across instances).
 * - the account's owner gets a mail through the messaging provider (SMTP, or the outbox by default) saying someone
 *   tried to register with the address, at most one an hour per address (REGISTER_NOTICE_SECONDS), sent after the
 *   answer (`idle()` waits for it).
 * Errors: AppError 429 `rate_limited` (details.retryAfterSeconds).
 */
import { REGISTER_NOTICE_SECONDS, REGISTER_TAKEN_LIMIT } from '../../../shared/contracts/accounts.js';
import { createCounter, isOverLimit, keyOf, limitedError, type CounterStore } from '../../lib/rate-counters.js';
import { maskEmail, type MailSender } from '../../providers/messaging/messaging.js';
import { clientKey } from '../../lib/client-address.js';
import type { MessageLanguage } from '../recovery/recovery-texts.js';
import { takenEmailMail } from './registration-texts.js';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RegistrationGuardDeps {
  store: CounterStore;
  mail: MailSender;
  log: Log;
  /** The site's origin (PUBLIC_URL), for the links in the mail. */
  publicUrl: string;
  /** The owner of an email, or null (accounts.repository.ts `findUserByEmail`). */
  ownerOf: (email: string) => Promise<{ email: string; name: string } | null>;
}

export function createRegistrationGuard(deps: RegistrationGuardDeps) {
  const { store, log } = deps;
  const takenHits = createCounter(store, 'register-taken', REGISTER_TAKEN_LIMIT.points, REGISTER_TAKEN_LIMIT.seconds);
  const notices = createCounter(store, 'register-notice', 1, REGISTER_NOTICE_SECONDS);
  const pending = new Set<Promise<void>>();
  const addressKey = (address: string) => keyOf(store, 'register-address', clientKey(address));
  const tooMany = (ms: number) => limitedError(ms, 'rate_limited', 'Too many sign-up attempts from this address.');

  return {
    /** Refuses a registration from an address that used up its attempts on taken emails. @throws AppError 429 */
    async check(address: string): Promise<void> {
      const res = await takenHits.get(addressKey(address));
      if (res && res.consumedPoints >= REGISTER_TAKEN_LIMIT.points) throw tooMany(res.msBeforeNext);
    },

    /**
     * Counts an attempt that hit the taken `email` from `address`, and (after the answer) mails its owner unless
     * they were told within the hour. The caller answers 409 `email_taken` afterwards.
     */
    async taken(address: string, email: string, lang: MessageLanguage): Promise<void> {
      await takenHits.penalty(addressKey(address), 1);
      const p = (async () => {
        try {
          await notices.consume(keyOf(store, 'register-notice', email.toLowerCase()));
        } catch (err) {
          if (isOverLimit(err)) return;
          throw err;
        }
        const owner = await deps.ownerOf(email);
        if (!owner) return;
        await deps.mail.send({ to: owner.email, ...takenEmailMail(lang, owner.name, deps.publicUrl) });
        log.info({ recipient: maskEmail(owner.email), via: deps.mail.name }, 'registration with a taken email: owner told');
      })()
        .catch((err: unknown) => log.warn({ err: err instanceof Error ? { name: err.name, message: err.message } : String(err) }, 'taken-email notice: not sent'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },

    /** Waits for the mails still being sent (tests, shutdown). */
    async idle(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
export type RegistrationGuard = ReturnType<typeof createRegistrationGuard>;
