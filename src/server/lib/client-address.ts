/**
 * The client a per-address limit counts against (docs/decisions/018-sign-in-and-payment-limits.md, amended
 * 2026-11-28): every per-address limit (the @fastify/rate-limit routes, through the app-wide `keyGenerator` or a
 * route's own, the recovery counters of rate-limiter-flexible, and the live-list streams) keys by `clientKey`.
 *
 * - An IPv4 address counts as itself; an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, also written
 *   `::ffff:c000:201`) as that IPv4 address, so a dual-stack socket and an IPv4 one count alike.
 * - Any other IPv6 address counts as its /64 network (`2001:db8:0:1::/64`): one subscriber is usually given a whole
 *   /64 (RFC 6177; RIPE-690 section 4.2) and picks a new address in it at will (RFC 8981 temporary addresses), so
 *   counting addresses would give each subscriber 2^64 budgets.
 * - Anything else (not an address) as it is.
 * `request.ip` already believes X-Forwarded-For only from TRUST_PROXY's proxies (lib/trust-proxy.ts).
 */
import { isIP } from 'node:net';

/** The eight 16-bit groups of IPv6 address `ip` (zone removed, dotted IPv4 tail folded into two groups). */
function ipv6Groups(ip: string): number[] {
  const [head = '', tail] = ip.toLowerCase().split('::');
  const parts = (s: string) =>
    (s ? s.split(':') : []).flatMap((g) => {
      if (!g.includes('.')) return [parseInt(g, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
      return [a * 256 + b, c * 256 + d];
    });
  const left = parts(head);
  if (tail === undefined) return left;
  const right = parts(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The key of the client at `ip` (`request.ip`): see the module comment. Never throws. */
export function clientKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return ip;
  const g = ipv6Groups(bare);
  if (g.length !== 8) return ip;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/** `clientKey` of a request's address: what the app-wide rate limit counts (app.ts). */
export function requestClientKey(req: { ip: string }): string {
  return clientKey(req.ip);
}
