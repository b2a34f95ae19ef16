/**
 * Who may call POST /api/internal/cli, the route through which the command line runs its commands inside the running
 * server (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-28). The server listens on every
 * interface (HOST 0.0.0.0) and the command line always calls 127.0.0.1 (cli/server-client.ts), so the route is
 * refused, as an onRequest hook (before the body is read, parsed or validated), unless:
 * 1. the socket's peer is a loopback address (127.0.0.0/8, ::1, or ::ffff:127.x.x.x), judged by
 *    `req.socket.remoteAddress`, never by X-Forwarded-For or TRUST_PROXY: otherwise 404 `not_found`, the app's
 *    answer for a path it does not have;
 * 2. the request carries no proxy header (X-Forwarded-For, Forwarded, X-Real-IP): a proxy on the same machine (the
 *    nginx of deploy/nginx/, which also refuses /api/internal/ itself) connects from loopback too; otherwise 404;
 * 3. its `X-Cli-Token` header is the token the server wrote to DATA_DIR/server.json, compared in constant time
 *    (both SHA-256 hashed first, so neither the length nor the content leaks); a server started without a token
 *    (tests, the command line's own process) accepts none: otherwise 403 `forbidden` "Not allowed", with no detail.
 * Only then is the body parsed and checked against the route's schema (400 `validation_failed`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/** Whether `address` (a socket's remote address) is a loopback address: 127.0.0.0/8, ::1, ::ffff:127.x.x.x. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.toLowerCase();
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (v4) return isIP(v4) === 4 && v4.startsWith('127.');
  // ::1 in any of its spellings (0:0:0:0:0:0:0:1, ::0:1...); the hex form of a mapped 127.x is ::ffff:7fxx:xxxx.
  if (isIP(bare) !== 6) return false;
  const host = new URL(`http://[${bare}]`).hostname;
  return host === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

/** Whether `given` is `expected`, in time that depends on neither. */
export function tokenMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * The route's onRequest hook for `token` (undefined: every caller refused).
 * @throws AppError 404 `not_found` (not loopback, or through a proxy), 403 `forbidden` (missing or wrong token).
 */
export function cliRouteGuard(token: string | undefined) {
  return async (req: FastifyRequest): Promise<void> => {
    if (!isLoopbackAddress(req.socket.remoteAddress) || PROXY_HEADERS.some((h) => req.headers[h] !== undefined)) {
      // The app's own answer for a path it does not have (plugins/errors.ts): the route does not show from outside.
      throw new AppError(404, 'not_found', `No route ${req.method} ${req.url.split('?')[0]}`);
    }
    const given = req.headers['x-cli-token'];
    if (!token || typeof given !== 'string' || !tokenMatches(given, token)) throw new AppError(403, 'forbidden', 'Not allowed');
  };
}
