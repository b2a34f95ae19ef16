/**
 * What a new password must be (registration, password change, and any future reset;
 * docs/decisions/018-sign-in-and-payment-limits.md): at least 6 characters (docs/product/viewer.md §5, the floor), and
 * not one an attacker tries first, following NIST SP 800-63B section 5.1.1.2 (refuse "commonly-used, expected, or
 * compromised" passwords, do not impose composition rules) and the OWASP Authentication cheat sheet. Refused:
 * - a password that is, as a whole, an entry of the common-password list of @zxcvbn-ts/language-common (about
 *   30,000 leaked passwords, also matched reversed, in l33t or with changed case);
 * - a password zxcvbn estimates to fall within 10,000 guesses (`MIN_GUESSES`: sequences, repeats, keyboard walks,
 *   a common word with a digit, dates);
 * - a password equal to the email, the part of the email before @, or the name (ignoring case and outer spaces).
 * A high zxcvbn score is not required: that would contradict the 6-character rule of docs/product/viewer.md §5.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '../../../shared/contracts/accounts.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Characters of a password zxcvbn looks at (its `maxLength`; the rest counts as random characters): its matching
 * grows faster than linearly with the length (250 ms for some 128-character passwords on a loaded 2-core machine,
 * at most about 200 ms with 64); no password of a common-password list is that long.
 */
const CHECKED_LENGTH = 64;

/** Fewest guesses (zxcvbn's estimate) a new password must need; below this it is refused as common. */
export const MIN_GUESSES = 10_000;

/** Built at first use (ranking the dictionaries takes a moment and memory the CLI's other commands do not need). */
let zxcvbn: ZxcvbnFactory | null = null;

/** Why a password is refused: too short, common (list or few guesses), or the user's own email or name. */
export type PasswordProblem = 'too_short' | 'common' | 'personal';

const MESSAGES: Record<PasswordProblem, string> = {
  too_short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  common: 'This password is too common or too easy to guess. Choose another one.',
  personal: 'Your password must not be your email address or your name.',
};

/** The problem with `password` as a new password of the user `who`, or null when it may be used. */
export function passwordProblem(password: string, who: { email?: string; name?: string }): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too_short';
  const same = (a: string) => a.trim().toLowerCase() === password.trim().toLowerCase();
  const email = who.email ?? '';
  const personal = [email, email.split('@')[0] ?? '', who.name ?? ''].filter((s) => s.trim().length > 0);
  if (personal.some(same)) return 'personal';
  zxcvbn ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: CHECKED_LENGTH });
  const result = zxcvbn.check(password, personal);
  const wholeListed = result.sequence.length === 1 && result.sequence[0]!.pattern === 'dictionary' && String(result.sequence[0]!.dictionaryName).startsWith('passwords');
  if (wholeListed || result.guesses < MIN_GUESSES) return 'common';
  return null;
}

/**
 * Checks a new password.
 * @param field the field named in the error, e.g. `body.password` or `body.newPassword`.
 * @throws AppError 400 `weak_password` with `details.reason` (a PasswordProblem) and `details.fields` naming `field`.
 */
export function checkNewPassword(password: string, who: { email?: string; name?: string }, field = 'body.password'): void {
  const problem = passwordProblem(password, who);
  if (!problem) return;
  throw new AppError(400, 'weak_password', MESSAGES[problem], { reason: problem, fields: [{ field, message: MESSAGES[problem] }] });
}
