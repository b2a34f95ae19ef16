/**
 * TRUST_PROXY: which proxies' `X-Forwarded-For` Fastify believes when it works out `request.ip` (the address the
 * sign-in rate limit counts). Fastify hands the list to @fastify/proxy-addr, which walks the header from the
 * nearest hop and stops at the first address it does not trust (node_modules/fastify/docs/Reference/Server.md,
 * "trustProxy"). Unset means no proxy: the header is ignored and `request.ip` is the socket's peer, so a client
 * talking to Node directly cannot choose its own address. Fastify 5 refuses a bare hop count (it cannot check
 * the immediate peer), so only addresses are taken here.
 *
 * Accepted entries, comma-separated: an IPv4 or IPv6 address (`10.0.0.5`, `::1`), a CIDR (`10.0.0.0/8`,
 * `fd00::/8`; prefix 0-32 for IPv4, 0-128 for IPv6), or one of proxy-addr's names `loopback`, `linklocal`,
 * `uniquelocal`.
 */
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why `entry` is not a valid TRUST_PROXY entry, or null when it is one. */
export function trustProxyEntryProblem(entry: string): string | null {
  if (NAMES.has(entry)) return null;
  const slash = entry.indexOf('/');
  const address = slash < 0 ? entry : entry.slice(0, slash);
  const version = isIP(address);
  if (version === 0) return `"${entry}" is not an IP address, a CIDR, loopback, linklocal or uniquelocal`;
  if (slash < 0) return null;
  const prefix = entry.slice(slash + 1);
  const max = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return `"${entry}" has a bad prefix length (0-${max} for IPv${version})`;
  return null;
}

/**
 * Zod schema for the TRUST_PROXY text: gives the trimmed, non-empty entries; an empty list or a bad entry is an
 * issue whose message names the entry (config.ts prefixes it with the variable's name).
 */
export const trustProxyList = z
  .string()
  .transform((text, ctx) => {
    const entries = text
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (entries.length === 0) ctx.addIssue({ code: 'custom', message: 'must list proxy addresses or CIDRs, e.g. 127.0.0.1 or 10.0.0.0/8' });
    for (const entry of entries) {
      const problem = trustProxyEntryProblem(entry);
      if (problem) ctx.addIssue({ code: 'custom', message: `${problem}; give proxy addresses or CIDRs, comma-separated` });
    }
    return entries;
  });

/**
 * Whether a socket peer address is one of the TRUST_PROXY proxies, with the same matcher Fastify builds from the
 * list (@fastify/proxy-addr `compile`; IPv4-mapped IPv6 peers such as `::ffff:127.0.0.1` match IPv4 entries).
 * `false` (TRUST_PROXY unset) trusts no peer. Used to send X-Accel-Redirect only through the proxy
 * (docs/decisions/017-media-delivery-at-scale.md).
 */
export function trustedPeer(list: string[] | false): (address: string | undefined) => boolean {
  if (!list) return () => false;
  const trust = proxyAddr.compile(list);
  return (address) => typeof address === 'string' && address !== '' && trust(address, 0);
}
