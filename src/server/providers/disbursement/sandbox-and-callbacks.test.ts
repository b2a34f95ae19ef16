/**
 * The payout sandbox's documented numbers and rules, and the pure callback parsers and status fold
 * (docs/decisions/048-disbursement-clients.md): a callback delivered twice, late or out of order changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { foldTransferStatus, parseAirtelDisbursementCallback, parseMtnTransferCallback } from './callbacks.js';
import { DisbursementError, type TransferRequest, type TransferStatus } from './disbursement-provider.js';
import { createSandboxDisbursement, SANDBOX_PAYOUT_NUMBERS, type SandboxTransfer } from './sandbox-disbursement.js';

const req = (msisdn: string, over: Partial<TransferRequest> = {}): TransferRequest => ({ referenceId: randomUUID(), msisdn, country: 'RW', amount: 8000, currency: 'RWF', note: 'Sobanura earnings', ...over });

describe('payout sandbox', () => {
  it.each([
    [SANDBOX_PAYOUT_NUMBERS.notRegistered, { status: 'failed', reason: 'PAYEE_NOT_FOUND' }],
    [SANDBOX_PAYOUT_NUMBERS.pendingForever, { status: 'pending' }],
    [SANDBOX_PAYOUT_NUMBERS.notEnoughFunds, { status: 'failed', reason: 'NOT_ENOUGH_FUNDS' }],
    ['256770000001', { status: 'failed', reason: 'PAYEE_NOT_FOUND' }],
  ])('%s is accepted and reads %o', async (msisdn, expected) => {
    const s = createSandboxDisbursement({ country: msisdn.startsWith('256') ? 'UG' : 'RW', currency: msisdn.startsWith('256') ? 'UGX' : 'RWF' });
    const r = req(msisdn, msisdn.startsWith('256') ? { country: 'UG', currency: 'UGX' } : {});
    expect(await s.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(await s.status(r.referenceId)).toEqual(expected);
  });

  it('refuses a barred wallet at once, and has nothing under that reference', async () => {
    const s = createSandboxDisbursement({});
    const r = req(SANDBOX_PAYOUT_NUMBERS.barred);
    expect(await s.transfer(r)).toEqual({ outcome: 'refused', reason: 'PAYEE_NOT_ALLOWED' });
    expect(await s.status(r.referenceId)).toEqual({ status: 'unknown' });
  });

  it('pays an ordinary number after settleSeconds, once per reference however often it is sent', async () => {
    let clock = 1_000_000;
    const store = new Map<string, SandboxTransfer>();
    const s = createSandboxDisbursement({ settleSeconds: 2, store, now: () => clock });
    const r = req('250788123456');
    expect(await s.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(await s.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(await s.status(r.referenceId)).toEqual({ status: 'pending' });
    clock += 2000;
    expect(await s.status(r.referenceId)).toMatchObject({ status: 'successful', operatorTransactionId: expect.stringMatching(/^\d{10}$/) });
    expect([...store.values()].map((t) => t.payments)).toEqual([1]);
    expect(await s.status(randomUUID())).toEqual({ status: 'unknown' });
  });

  it('a transfer that times out yet was made: status shows it paid, and re-sending the reference pays nothing more', async () => {
    const store = new Map<string, SandboxTransfer>();
    const s = createSandboxDisbursement({ store });
    const r = req(SANDBOX_PAYOUT_NUMBERS.timesOutButPays);
    await expect(s.transfer(r)).rejects.toMatchObject({ kind: 'timeout', maybeDelivered: true });
    expect((await s.status(r.referenceId)).status).toBe('successful');
    expect(await s.transfer(r)).toEqual({ outcome: 'accepted' });
    expect(store.get(r.referenceId)?.payments).toBe(1);
  });

  it('checks what the real clients check before "sending"', async () => {
    const s = createSandboxDisbursement({});
    for (const bad of [{ currency: 'UGX' }, { country: 'UG' }, { amount: 0 }, { amount: 10.5 }, { referenceId: 'p-1' }, { msisdn: '0788' }, { note: 'x'.repeat(161) }]) {
      await expect(s.transfer(req('250788123456', bad)), JSON.stringify(bad)).rejects.toBeInstanceOf(DisbursementError);
    }
  });
});

describe('payout callbacks', () => {
  const ref = randomUUID();

  it('reads MTN’s status body, the reference coming from the URL', () => {
    expect(parseMtnTransferCallback(ref, { financialTransactionId: '1234567', externalId: ref, status: 'SUCCESSFUL' })).toEqual({ referenceId: ref, claimed: { status: 'successful', operatorTransactionId: '1234567' } });
    expect(parseMtnTransferCallback(ref, { status: 'FAILED', reason: 'PAYEE_NOT_FOUND' })?.claimed).toEqual({ status: 'failed', reason: 'PAYEE_NOT_FOUND' });
    expect(parseMtnTransferCallback(ref, { status: 'FAILED', reason: { code: 'NOT_ENOUGH_FUNDS', message: '…' } })?.claimed).toEqual({ status: 'failed', reason: 'NOT_ENOUGH_FUNDS' });
    expect(parseMtnTransferCallback(ref, { status: 'PENDING' })?.claimed).toEqual({ status: 'pending' });
    expect(parseMtnTransferCallback('not-a-uuid', { status: 'SUCCESSFUL' })).toBeNull();
    expect(parseMtnTransferCallback(ref, { nothing: true })).toBeNull();
    expect(parseMtnTransferCallback(ref, null)).toBeNull();
  });

  it('reads Airtel’s callback', () => {
    expect(parseAirtelDisbursementCallback({ transaction: { id: ref, message: 'ok', status_code: 'TS', airtel_money_id: 'DS1' } })).toEqual({ referenceId: ref, claimed: { status: 'successful', operatorTransactionId: 'DS1' } });
    expect(parseAirtelDisbursementCallback({ transaction: { id: ref, status_code: 'TF' } })?.claimed).toEqual({ status: 'failed', reason: 'INTERNAL_PROCESSING_ERROR' });
    expect(parseAirtelDisbursementCallback({ transaction: { id: ref, status_code: 'XX' } })).toBeNull();
    expect(parseAirtelDisbursementCallback({ transaction: { id: 'TXN-1', status_code: 'TS' } })).toBeNull();
    expect(parseAirtelDisbursementCallback('TS')).toBeNull();
  });

  it('the same callback twice parses the same, and folding it twice changes once', () => {
    const body = { financialTransactionId: '99', status: 'SUCCESSFUL' };
    const a = parseMtnTransferCallback(ref, body)!;
    const b = parseMtnTransferCallback(ref, structuredClone(body))!;
    expect(a).toEqual(b);
    const first = foldTransferStatus({ status: 'pending' }, a.claimed);
    const second = foldTransferStatus(first.next, b.claimed);
    expect([first.changed, second.changed, second.conflict]).toEqual([true, false, false]);
    expect(second.next).toEqual({ status: 'successful', operatorTransactionId: '99' });
  });

  it('a final state is never undone: late pending or unknown are stale, another final state is a conflict', () => {
    const paid: TransferStatus = { status: 'successful', operatorTransactionId: '1' };
    expect(foldTransferStatus(paid, { status: 'pending' })).toEqual({ next: paid, changed: false, conflict: false });
    expect(foldTransferStatus(paid, { status: 'unknown' })).toEqual({ next: paid, changed: false, conflict: false });
    expect(foldTransferStatus(paid, { status: 'failed', reason: 'EXPIRED' })).toEqual({ next: paid, changed: false, conflict: true });
    expect(foldTransferStatus(null, { status: 'unknown' })).toEqual({ next: { status: 'unknown' }, changed: true, conflict: false });
    expect(foldTransferStatus({ status: 'unknown' }, { status: 'pending' }).changed).toBe(true);
    expect(foldTransferStatus({ status: 'pending' }, { status: 'pending' }).changed).toBe(false);
  });
});
