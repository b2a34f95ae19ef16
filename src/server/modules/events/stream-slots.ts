/**
 * How many live event streams (GET /api/events) this process holds, per client address and in all. Each stream is
 * one open socket, so one file descriptor, held for as long as the client likes: without a bound, one client
 * opening streams in a loop takes every descriptor of the process and the site stops answering (OWASP API Security
 * Top 10 2023, API4 "Unrestricted Resource Consumption"). The counts live in this process, as the descriptors do.
 *
 * Addresses are counted by client (lib/client-address.ts clientKey: an IPv6 /64 counts as one). `take(address)` synchronously claims a slot
 * or says which bound refused it; the slot's `release` gives it back and
 * may be called any number of times (only the first call counts), so every way a stream can end may call it.
 */
import { readFileSync } from 'node:fs';
import { clientKey } from '../../lib/client-address.js';

export interface StreamSlotLimits {
  /** Streams one client address may hold at once (EVENTS_MAX_PER_ADDRESS). */
  perAddress: number;
  /** Streams this process holds at once, all addresses together (EVENTS_MAX_TOTAL, bounded by `totalStreamsFor`). */
  total: number;
}

export type SlotClaim = { ok: true; release: () => void } | { ok: false; refused: 'address' | 'total' };

export interface StreamSlots {
  /** Claims a slot for the client at `ip` (request.ip), or names the bound that is full. Never throws. */
  take(ip: string): SlotClaim;
  /** Streams held now, in all. */
  readonly open: number;
  /** Streams held now by the client at `ip` (its /64 for IPv6). */
  heldBy(ip: string): number;
  readonly limits: Readonly<StreamSlotLimits>;
}

/** Counters of open streams under `limits`. */
export function createStreamSlots(limits: StreamSlotLimits): StreamSlots {
  const byAddress = new Map<string, number>();
  let open = 0;
  return {
    take(ip) {
      const address = clientKey(ip);
      const held = byAddress.get(address) ?? 0;
      if (held >= limits.perAddress) return { ok: false, refused: 'address' };
      if (open >= limits.total) return { ok: false, refused: 'total' };
      byAddress.set(address, held + 1);
      open += 1;
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          open -= 1;
          const left = (byAddress.get(address) ?? 1) - 1;
          if (left > 0) byAddress.set(address, left);
          else byAddress.delete(address);
        },
      };
    },
    get open() {
      return open;
    },
    heldBy: (ip) => byAddress.get(clientKey(ip)) ?? 0,
    limits: { ...limits },
  };
}

/**
 * The soft limit of open files of this process (`ulimit -n`), read from /proc/self/limits ("Max open files");
 * null where that file does not exist (not Linux) or says "unlimited". Node has no getrlimit of its own.
 */
export function openFilesSoftLimit(limitsText?: string): number | null {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return null;
    }
  }
  const m = /^Max open files\s+(\d+|unlimited)\s/m.exec(text);
  return m && m[1] !== 'unlimited' ? Number(m[1]) : null;
}

/**
 * The total bound actually used: the configured one, but never more than half of the process's open-files soft limit,
 * so the other half stays for the database, media files, uploads and every other request (`/` and `/api/health`
 * keep answering while the streams are full). At least 1.
 */
export function totalStreamsFor(configured: number, softLimit: number | null): number {
  if (softLimit === null) return configured;
  return Math.max(1, Math.min(configured, Math.floor(softLimit / 2)));
}
