/**
 * Vouchers: batches of codes that agents sell for cash, each code worth one pass of its batch's plan
 * (docs/decisions/042-vouchers.md; docs/product/viewer.md §10, docs/product/admin.md §10).
 * - A redemption reads the typed code (src/shared/domain/voucher-code.ts), looks it up by its hash, and credits the
 *   pass through billing's `creditPassWhen` (the stacking rule of ADR 019 is billing's alone) in the transaction of
 *   the code's conditional UPDATE, so a code credits exactly one pass whatever races with it.
 * - Limits (redeem-limits.ts): attempts per client, wrong codes per account and per client; a wrong code is a
 *   well-formed one that no batch holds (a typo caught by the check character is not a guess and is not counted).
 * - A batch holds 1 to 10,000 codes, expires 12 months after it is made unless given a last day (at most 36 months
 *   on), and can be voided; its codes are refused once it has expired or been voided. Codes are stored hashed and
 *   sealed (voucher-codes.ts); the CSV opens them again.
 * Errors: AppError 400 `voucher_malformed` (details.problem 'length' | 'characters' | 'check'), 404 `voucher_unknown`,
 * 409 `voucher_used` (details.byYou), 410 `voucher_expired`, 410 `voucher_voided`, 429 `voucher_locked` and
 * `rate_limited` (redeem-limits.ts); for batches 400 `validation_failed` (expiry), 404 `not_found`, 409 `conflict`
 * (name taken), 409 `voucher_codes_sealed` (the CSV of codes sealed under another session secret).
 */
import { randomInt } from 'node:crypto';
import type { CreateVoucherBatchBody, RedeemedVoucher, VoucherBatchView } from '../../../shared/contracts/vouchers.js';
import { VOUCHER_CSV_HEADER, VOUCHER_MAX_MONTHS, voucherExpiry } from '../../../shared/contracts/vouchers.js';
import { VOUCHER_ALPHABET, parseVoucherCode } from '../../../shared/domain/voucher-code.js';
import { AppError } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import type { BillingService } from '../billing/billing.service.js';
import type { RedeemLimits } from './redeem-limits.js';
import { codeHash, newCode, type CodeSealer } from './voucher-codes.js';
import type { VoucherBatchSummary, VouchersRepository } from './vouchers.repository.js';

/** What `subscriptions.source` and `queued_passes.source` say of time a voucher added (ADR 019, ADR 042). */
export const VOUCHER_SOURCE = 'voucher';

const MALFORMED: Record<string, string> = {
  length: 'A voucher code has 15 characters (XXXXX-XXXXX-XXXXX).',
  characters: 'A voucher code holds only the digits 2-9 and capital letters other than I, L and O.',
  check: 'This voucher code has a typo: check each character.',
};

export function toBatchView(b: VoucherBatchSummary, now: Date): VoucherBatchView {
  return {
    id: b.id,
    name: b.name,
    plan: b.plan,
    createdBy: b.createdByEmail,
    createdAt: b.createdAt.toISOString(),
    expiresAt: b.expiresAt.toISOString(),
    voidedAt: b.voidedAt ? b.voidedAt.toISOString() : null,
    state: b.voidedAt ? 'voided' : b.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active',
    counts: { created: b.created, redeemed: b.redeemed, voided: b.voidedAt ? b.created - b.redeemed : 0 },
  };
}

export function createVouchersService(deps: { repo: VouchersRepository; billing: BillingService; sealer: CodeSealer; limits: RedeemLimits; now?: () => Date }) {
  const { repo, billing, sealer, limits } = deps;
  const now = deps.now ?? (() => new Date());

  /** Why a code found cannot be redeemed at `at`, as the error to throw; null when it can. */
  function refusal(v: { redeemedAt: Date | null; redeemedBy: string | null; batch: { expiresAt: Date; voidedAt: Date | null } }, userId: string, at: Date): AppError | null {
    if (v.redeemedAt) return new AppError(409, 'voucher_used', 'This voucher code has already been used.', { byYou: v.redeemedBy === userId });
    if (v.batch.voidedAt) return new AppError(410, 'voucher_voided', 'This voucher code was cancelled by Sobanura and no longer works.');
    if (v.batch.expiresAt.getTime() <= at.getTime()) return new AppError(410, 'voucher_expired', 'This voucher code has expired.', { expiredAt: v.batch.expiresAt.toISOString() });
    return null;
  }

  async function redeemNow(userId: string, typed: string): Promise<RedeemedVoucher> {
    const parsed = parseVoucherCode(typed);
    if (!parsed.ok) throw new AppError(400, 'voucher_malformed', MALFORMED[parsed.problem]!, { problem: parsed.problem, fields: [{ field: 'body.code', message: MALFORMED[parsed.problem]! }] });
    const hash = codeHash(parsed.code);
    const found = await repo.findByHash(hash);
    if (!found) throw new AppError(404, 'voucher_unknown', 'No voucher has this code. Check it with the agent who sold it to you.');
    const refused = refusal(found, userId, now());
    if (refused) throw refused;
    const credited = await billing.creditPassWhen(userId, found.batch.plan, VOUCHER_SOURCE, (tx) => repo.claimIn(tx, found.id, userId, now()));
    if (!credited) {
      // Another redemption, a void or the expiry came first: say which, as read now.
      const again = await repo.findByHash(hash);
      throw (again && refusal(again, userId, now())) ?? new AppError(409, 'voucher_used', 'This voucher code has already been used.', { byYou: false });
    }
    const timeline = await billing.passTimeline(userId);
    const added = timeline.find((s) => s.plan === found.batch.plan);
    const end = timeline.at(-1);
    return {
      plan: found.batch.plan,
      startsAt: (added?.startsAt ?? credited.pass.updatedAt).toISOString(),
      endsAt: (added?.endsAt ?? credited.pass.expiresAt).toISOString(),
      passesEndAt: (end?.endsAt ?? credited.pass.expiresAt).toISOString(),
    };
  }

  async function summaryOf(id: string): Promise<VoucherBatchSummary> {
    const b = await repo.batch(id);
    if (!b) throw new AppError(404, 'not_found', 'No voucher batch with this id.');
    return b;
  }

  /** The codes of a batch, opened, written `XXXXX-XXXXX-XXXXX`. @throws 404; 409 `voucher_codes_sealed`. */
  async function codes(id: string): Promise<string[]> {
    await summaryOf(id);
    const opened = (await repo.sealedCodes(id)).map((s) => sealer.open(s));
    if (opened.some((c) => c === null)) {
      throw new AppError(409, 'voucher_codes_sealed', 'The codes of this batch were sealed under another SESSION_SECRET and cannot be read with this one.');
    }
    return opened as string[];
  }

  return {
    /**
     * Redeems `typed` (as typed) for `userId`, who tries from client `client` (a `clientKey`): credits a pass of the
     * batch's plan under ADR 019 and says what it added. Errors: see the module comment.
     */
    redeem: (userId: string, client: string, typed: string): Promise<RedeemedVoucher> =>
      limits.attempt(userId, client, () => redeemNow(userId, typed), (err) => err instanceof AppError && err.code === 'voucher_unknown'),

    /**
     * Makes a batch of `count` codes of `plan` (by `createdBy`, a user id, or null from the command line). Answers
     * the batch and its codes, written `XXXXX-XXXXX-XXXXX`, in the order made.
     * @throws AppError 400 `validation_failed` when `expiresOn` is past or more than 36 months away; 409 `conflict`
     *   when the name is taken.
     */
    async createBatch(body: CreateVoucherBatchBody, createdBy: string | null): Promise<{ batch: VoucherBatchView; codes: string[] }> {
      const at = now();
      const expiresAt = voucherExpiry(at, body.expiresOn);
      if (expiresAt.getTime() <= at.getTime() || expiresAt.getTime() > voucherExpiry(at, undefined, VOUCHER_MAX_MONTHS).getTime()) {
        throw new AppError(400, 'validation_failed', `The last day must be between today and ${VOUCHER_MAX_MONTHS} months from now.`, {
          fields: [{ field: 'body.expiresOn', message: `Between today and ${VOUCHER_MAX_MONTHS} months from now` }],
        });
      }
      const name = body.name ?? `${body.plan}-${at.toISOString().slice(0, 10)}-${Array.from({ length: 4 }, () => VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)]).join('')}`;
      const made: string[] = [];
      const batch = await repo.createBatch({ name, plan: body.plan, createdBy, createdAt: at, expiresAt }, body.count, () => {
        const code = newCode();
        made.push(code);
        return { hash: codeHash(code), sealed: sealer.seal(code) };
      });
      if (!batch) throw new AppError(409, 'conflict', `A voucher batch is already named ${name}.`, { fields: [{ field: 'body.name', message: 'This name is taken' }] });
      // A code skipped because its hash was taken (never seen at 69 bits) is not in the batch: answer what is.
      const stored = made.length === body.count ? made : await codes(batch.id);
      return { batch: toBatchView(await summaryOf(batch.id), at), codes: stored };
    },

    /** Every batch with its counts, newest first; only the one named `name` when given. */
    async batches(name?: string): Promise<VoucherBatchView[]> {
      const at = now();
      return (await repo.batches(name)).map((b) => toBatchView(b, at));
    },

    /** The id of the batch named `name`. @throws AppError 404 `not_found`. */
    async batchIdByName(name: string): Promise<string> {
      const id = await repo.batchIdByName(name);
      if (!id) throw new AppError(404, 'not_found', `No voucher batch is named ${name}.`);
      return id;
    },

    /** Voids a batch: its unredeemed codes are refused from now on; voiding again keeps the first time. @throws 404. */
    async voidBatch(id: string): Promise<VoucherBatchView> {
      if (!(await repo.voidBatch(id, now()))) throw new AppError(404, 'not_found', 'No voucher batch with this id.');
      return toBatchView(await summaryOf(id), now());
    },

    codes,

    /** A batch's codes as CSV (lib/csv.ts: RFC 4180, CRLF, formulas escaped): `code,plan,batch,expiry`, expiry as an ISO 8601 instant. */
    async csv(id: string): Promise<{ name: string; csv: string }> {
      const b = await summaryOf(id);
      const rows = (await codes(id)).map((code) => [code, b.plan, b.name, b.expiresAt.toISOString()]);
      return { name: b.name, csv: toCsv(VOUCHER_CSV_HEADER.split(','), rows) };
    },
  };
}
export type VouchersService = ReturnType<typeof createVouchersService>;
