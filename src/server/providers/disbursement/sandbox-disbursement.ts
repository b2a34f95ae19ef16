/**
 * The sandbox payout client, the embedded default (docs/decisions/048-disbursement-clients.md): no money moves, the
 * outcome follows from the payee's number, and it keeps the rules the real clients keep, so the payout run can be
 * built and tested on it: the same checks before sending (country, currency, a UUID v4 reference), a repeated
 * reference answered `accepted` and never paid twice, and `unknown` for a reference it never received. Test numbers:
 * the subscriber part (last 7 digits) `000000N` under any operator prefix and country, e.g. 250780000001 or
 * 256770000001:
 *
 * | ends with | transfer                                   | status                                               |
 * |-----------|--------------------------------------------|------------------------------------------------------|
 * | 0000001   | accepted                                   | failed, PAYEE_NOT_FOUND (not registered)             |
 * | 0000002   | refused, PAYEE_NOT_ALLOWED (barred wallet) | unknown (nothing was made)                           |
 * | 0000003   | accepted                                   | pending for ever                                     |
 * | 0000004   | accepted                                   | failed, NOT_ENOUGH_FUNDS (our account is short)      |
 * | 0000005   | throws DisbursementError `timeout` (maybe delivered), yet the transfer was made | successful |
 * | any other | accepted                                   | pending until `settleSeconds`, then successful       |
 *
 * The transfers live in `store` (in memory by default, shared by the sandboxes of every operator): after a restart
 * the in-memory sandbox has forgotten them and answers `unknown`, so the caller re-sends with the same reference, as
 * the contract allows; no money is involved either way.
 */
import { randomInt } from 'node:crypto';
import { checkTransfer, type DisbursementProvider, DisbursementError, type TransferStatus } from './disbursement-provider.js';

export const SANDBOX_PAYOUT_NUMBERS = {
  notRegistered: '250780000001',
  barred: '250780000002',
  pendingForever: '250780000003',
  notEnoughFunds: '250780000004',
  timesOutButPays: '250780000005',
} as const;

export interface SandboxTransfer {
  msisdn: string;
  amount: number;
  currency: string;
  /** Epoch ms when it was received. */
  receivedAt: number;
  operatorTransactionId: string;
  /** How many times money moved under this reference (1 at most: tests check it). */
  payments: number;
}

/** Where the sandbox keeps its transfers by reference. */
export interface SandboxStore {
  get(referenceId: string): SandboxTransfer | undefined;
  set(referenceId: string, t: SandboxTransfer): void;
}

export function createSandboxDisbursement(opts: {
  /** The operator whose payouts it stands for (its `name`), default `sandbox`. */
  name?: string;
  country?: string;
  currency?: string;
  /** Seconds an ordinary payout stays pending before it reads successful (default 0). */
  settleSeconds?: number;
  store?: SandboxStore;
  now?: () => number;
}): DisbursementProvider {
  const own = { country: opts.country ?? 'RW', currency: opts.currency ?? 'RWF' };
  const store = opts.store ?? new Map<string, SandboxTransfer>();
  const now = opts.now ?? Date.now;
  const settleMs = (opts.settleSeconds ?? 0) * 1000;
  return {
    name: opts.name ?? 'sandbox',
    currency: own.currency,
    async transfer(req) {
      checkTransfer(req, own);
      const part = req.msisdn.slice(-7);
      if (store.get(req.referenceId)) return { outcome: 'accepted' };
      if (part === '0000002') return { outcome: 'refused', reason: 'PAYEE_NOT_ALLOWED' };
      const moves = part !== '0000001' && part !== '0000003' && part !== '0000004';
      store.set(req.referenceId, { msisdn: req.msisdn, amount: req.amount, currency: req.currency, receivedAt: now(), operatorTransactionId: String(randomInt(1e9, 1e10 - 1)), payments: moves ? 1 : 0 });
      if (part === '0000005') throw new DisbursementError('sandbox transfer: no answer (the transfer was made)', 'timeout', true);
      return { outcome: 'accepted' };
    },
    async status(referenceId): Promise<TransferStatus> {
      const t = store.get(referenceId);
      if (!t) return { status: 'unknown' };
      switch (t.msisdn.slice(-7)) {
        case '0000001':
          return { status: 'failed', reason: 'PAYEE_NOT_FOUND' };
        case '0000003':
          return { status: 'pending' };
        case '0000004':
          return { status: 'failed', reason: 'NOT_ENOUGH_FUNDS' };
        case '0000005':
          return { status: 'successful', operatorTransactionId: t.operatorTransactionId };
      }
      return now() - t.receivedAt >= settleMs ? { status: 'successful', operatorTransactionId: t.operatorTransactionId } : { status: 'pending' };
    },
  };
}
