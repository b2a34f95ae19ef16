/**
 * Where to send a visitor after a form or a sign-in (`next`, the router's `from` and `back`): a path on this site
 * only, never another host (no open redirect; OWASP "Unvalidated Redirects and Forwards" cheat sheet). Shared by
 * the server (the 303 of a sign-in form post, the hidden field sent back with a failed one) and the web app (the
 * sign-in page and form, the downloads page), so both apply one rule (docs/decisions/024-forms-before-hydration.md,
 * amended 2026-11-28).
 *
 * The value is refused when, as sent, it
 * - is not a string, is empty or longer than MAX_NEXT_LENGTH (1000) characters;
 * - does not start with exactly one `/` (`//host` and `/\host` are read by browsers as another host; `https://…`,
 *   `javascript:…` and relative paths have no leading `/`);
 * - holds a backslash, a control character (tab, newline, NUL…) or any white space (browsers drop tabs and newlines
 *   inside URLs, so `/\t/host` would become `//host`), or an encoded slash, backslash or control character
 *   (`%2f`, `%5c`, `%00`-`%1f`, `%7f`) in the path part, which some servers and proxies decode.
 * Otherwise it is resolved as a URL (WHATWG URL: dot segments removed, `%2e` read as `.`), and the RESULT is
 * checked again by the same rules and must stay on the same origin: `/..//host`, `/%2e%2e//host` and
 * `/a/..//host` resolve to `//host` and are refused. The path is also refused when it names one of `avoid` (the
 * sign-in page itself, compared without case or trailing slash, as the router matches it).
 *
 * @returns the normalised path (path, query and fragment), or null when it is not safe; callers fall back to a page
 *   of their own (`/`).
 */

/** Longest `next` taken, in characters. */
export const MAX_NEXT_LENGTH = 1000;

/** The pages a sign-in never goes back to (they would show the form again). */
export const SIGN_IN_PAGES: readonly string[] = ['/login', '/register', '/forgot-password', '/reset-password'];

const BASE = 'http://next.invalid';

/** Whether `path` passes the checks made on the text (see the module comment), before or after resolving. */
function plainSameSitePath(path: string): boolean {
  if (!/^\/(?![/\\])/.test(path)) return false;
  // eslint-disable-next-line no-control-regex -- control characters and white space make a path unsafe to redirect to
  if (/[\\\s\u0000-\u001f\u007f]/.test(path)) return false;
  return !/%(?:2f|5c|[01][0-9a-f]|7f)/i.test(path.split(/[?#]/, 1)[0]!);
}

/** `pathname` as the router compares it: lower case, without a trailing slash (but `/`). */
function pageOf(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

/** The safe, normalised form of `value`, or null (see the module comment). */
export function safeNextPath(value: unknown, avoid: readonly string[] = []): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NEXT_LENGTH) return null;
  if (!plainSameSitePath(value)) return null;
  let u: URL;
  try {
    u = new URL(value, BASE);
  } catch {
    return null;
  }
  if (u.origin !== BASE) return null;
  const path = `${u.pathname}${u.search}${u.hash}`;
  if (!plainSameSitePath(path)) return null;
  // Resolving the result again must give itself, on this origin: nothing is left that a second reading changes.
  let again: URL;
  try {
    again = new URL(path, BASE);
  } catch {
    return null;
  }
  if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== path) return null;
  const page = pageOf(u.pathname);
  if (avoid.some((a) => pageOf(a) === page)) return null;
  return path;
}
