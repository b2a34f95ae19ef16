/**
 * The sandbox mobile-money provider, the embedded default (ADR 004, ADR 008). It behaves like a
 * phone that approves after `approvalSeconds`, for MTN and Airtel numbers alike, and keeps no state of its own: it
 * reads the payment's number and creation time through `lookup`, so it answers the same after a restart. Test
 * numbers: the subscriber part `000000N` under any operator prefix (078, 079, 072, 073), in any accepted form:
 *
 * | number                    | outcome                                                        |
 * |---------------------------|----------------------------------------------------------------|
 * | 0780000001 / 0720000001   | FAILED, PAYER_NOT_FOUND ("Mobile Money Not Active")            |
 * | 0780000002 / 0720000002   | FAILED, APPROVAL_REJECTED (the payer declined)                 |
 * | 0780000003 / 0720000003   | never answers: PENDING until the approval window runs out      |
 * | 0780000004 / 0720000004   | FAILED, NOT_ENOUGH_FUNDS                                       |
 * | any other                 | SUCCESSFUL after `approvalSeconds` (PENDING before)            |
 */
import type { PaymentProvider, PaymentStatusAnswer } from './payment-provider.js';

export const SANDBOX_NUMBERS = {
  payerNotFound: '250780000001',
  rejected: '250780000002',
  neverAnswers: '250780000003',
  notEnoughFunds: '250780000004',
} as const;

/** The outcome of a sandbox number, by its subscriber part (the last 7 digits). */
function scripted(msisdn: string): PaymentStatusAnswer | null {
  switch (msisdn.slice(-7)) {
    case '0000001':
      return { status: 'FAILED', reason: 'PAYER_NOT_FOUND' };
    case '0000002':
      return { status: 'FAILED', reason: 'APPROVAL_REJECTED' };
    case '0000003':
      return { status: 'PENDING' };
    case '0000004':
      return { status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS' };
  }
  return null;
}

export function createSandboxProvider(opts: {
  approvalSeconds: number;
  lookup: (referenceId: string) => Promise<{ msisdn: string | null; createdAt: Date } | null>;
  now?: () => Date;
}): PaymentProvider {
  const now = opts.now ?? (() => new Date());
  return {
    name: 'sandbox',
    currency: 'RWF',
    async requestToPay() {
      // Accepted (MTN answers 202); the outcome is read with status().
    },
    async status(referenceId): Promise<PaymentStatusAnswer> {
      const p = await opts.lookup(referenceId);
      if (!p) return { status: 'NOT_FOUND' };
      const fixed = p.msisdn ? scripted(p.msisdn) : null;
      if (fixed) return fixed;
      const elapsed = (now().getTime() - p.createdAt.getTime()) / 1000;
      return elapsed >= opts.approvalSeconds ? { status: 'SUCCESSFUL' } : { status: 'PENDING' };
    },
  };
}
