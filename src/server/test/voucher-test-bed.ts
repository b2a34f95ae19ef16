/**
 * Helpers shared by the voucher tests (docs/decisions/042-vouchers.md): make a batch through the super admin's route,
 * redeem a code as a viewer from a given client address, and read a viewer's passes.
 */
import { randomBytes } from 'node:crypto';
import type { CreateVoucherBatchBody } from '../../shared/contracts/vouchers.js';
import { VOUCHER_ALPHABET, voucherCheckCharacter, formatVoucherCode } from '../../shared/domain/voucher-code.js';
import type { TestApp } from './harness.js';

/** Makes a batch as the super admin whose cookie is `admin`; returns the answer's batch and codes. @throws unless 201. */
export async function makeBatch(t: TestApp, admin: string, body: Partial<CreateVoucherBatchBody> & { plan: CreateVoucherBatchBody['plan']; count: number }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/vouchers/batches', headers: { cookie: admin }, payload: body });
  if (res.statusCode !== 201) throw new Error(`batch not made: ${res.statusCode} ${res.body}`);
  return res.json() as { batch: { id: string; name: string; plan: string; expiresAt: string; counts: { created: number; redeemed: number; voided: number } }; codes: string[] };
}

/** Redeems `code` by JSON as the viewer whose cookie is `cookie`, from `ip` (default 127.0.0.1). */
export function redeem(t: TestApp, cookie: string | null, code: string, ip = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/vouchers/redeem', remoteAddress: ip, headers: cookie ? { cookie } : {}, payload: { code } });
}

/** A well-formed code (its check holds) that is almost surely in no batch: 69 random bits. */
export function wellFormedUnknownCode(): string {
  const chars = [...randomBytes(14)].map((b) => VOUCHER_ALPHABET[b % VOUCHER_ALPHABET.length]).join('');
  return formatVoucherCode(chars + voucherCheckCharacter(chars));
}
