/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies", referenced by the OWASP
 * Authentication and Credential Stuffing Prevention cheat sheets; docs/decisions/018-sign-in-and-payment-limits.md):
 * after a successful sign-in the browser receives a cookie that names the account it signed in to, signed with the
 * auth secret. A later sign-in to that account from a browser holding a valid cookie is counted in the device's own
 * bucket, so an attacker who locks the account out (from any number of addresses) does not lock its owner out.
 *
 * Value: `<deviceId>.<expiresAt>.<signature>` where `deviceId` is 16 random bytes (base64url), `expiresAt` Unix
 * seconds, and `signature` = base64url(HMAC-SHA256(secret, "sobanura-device-v1|deviceId|expiresAt|email")), the
 * email normalised (`normalizeEmail`). The email itself is not in the cookie, only bound by the signature.
 * The cookie is http-only, SameSite=Lax, Secure on an https PUBLIC_URL, and sent only to the sign-in route.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';

export const DEVICE_COOKIE = 'sobanura_device';
/** The only route the browser sends the cookie to. */
export const DEVICE_COOKIE_PATH = '/api/accounts/login';
/** How long a device stays trusted without a new sign-in: 365 days (renewed at each successful sign-in). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The form of an email used for every per-account count: trimmed, NFKC, lower case (better-auth stores emails lower-cased). */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

export interface DeviceCookies {
  /** The device id of a valid, unexpired cookie in the request's `Cookie` header for `email`, else null. */
  deviceOf(cookieHeader: string | undefined, email: string): string | null;
  /** The `Set-Cookie` value that (re)trusts `deviceId` (a new id when null) for `email` for 365 days. */
  issue(email: string, deviceId: string | null): string;
}

/**
 * @param secret the auth secret (SESSION_SECRET), at least 32 characters.
 * @param secure whether the cookie carries `Secure` (PUBLIC_URL is https).
 * @param now clock in ms (tests).
 */
export function createDeviceCookies(secret: string, secure: boolean, now: () => number = Date.now): DeviceCookies {
  const sign = (deviceId: string, expiresAt: number, email: string) =>
    createHmac('sha256', secret).update(`sobanura-device-v1|${deviceId}|${expiresAt}|${normalizeEmail(email)}`).digest('base64url');

  return {
    deviceOf(cookieHeader, email) {
      if (!cookieHeader) return null;
      const value = parseCookie(cookieHeader)[DEVICE_COOKIE];
      const m = value ? /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
      if (!m) return null;
      const [, deviceId, exp, sig] = m as unknown as [string, string, string, string];
      const expiresAt = Number(exp);
      if (expiresAt * 1000 <= now()) return null;
      const expected = Buffer.from(sign(deviceId, expiresAt, email));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
    },
    issue(email, deviceId) {
      const id = deviceId ?? randomBytes(16).toString('base64url');
      const expiresAt = Math.floor(now() / 1000) + DEVICE_COOKIE_MAX_AGE_SECONDS;
      return stringifySetCookie({
        name: DEVICE_COOKIE,
        value: `${id}.${expiresAt}.${sign(id, expiresAt, email)}`,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: DEVICE_COOKIE_PATH,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
    },
  };
}
