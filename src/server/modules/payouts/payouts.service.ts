/**
 * The payout run (docs/decisions/052-payout-run.md): pays each rights holder a closed month's statement amounts
 * (docs/decisions/051-statements.md) to their MTN or Airtel wallet, exactly once, through the disbursement clients
 * and their contract (docs/decisions/048-disbursement-clients.md; disbursement-provider.ts's header). No SQL here.
 *
 * A run of month M:
 * 1. refuses a month that is not closed (409 `conflict`);
 * 2. resolves first the rows of M an earlier run left `created` or `accepted` (`resolve`): it asks `status` of the
 *    client named on the row BEFORE anything else; `unknown` (the operator never received it) sends again with the
 *    SAME reference; `pending` → accepted; `successful` / `failed` are final;
 * 3. for each holder and currency (M's statements, and holders with amounts carried from earlier months), once:
 *    payable = statement + open carried amounts; a row is stored and COMMITTED (payouts.repository.ts `makeOnce`):
 *    `carried` with its reason when it cannot or should not be sent (PAYOUT_CARRY_REASONS, `decide`), else `created`
 *    with a fresh UUID v4 reference and the client chosen by the number's operator; then its transfer is sent:
 *    accepted → `accepted`; refused → `refused` with the reason; a DisbursementError → stays `created` (in doubt);
 * 4. resolves the rows left in doubt, then asks about `accepted` rows every `pollSeconds` until they are final or
 *    `waitSeconds` have passed (they are asked again by the next run).
 * A run killed anywhere and started again pays nobody twice: every row is stored before its transfer, and a stored
 * row is only ever sent again under its own reference, after the operator said it has none. Two runs at once are
 * safe for the same reasons, and because rows are made under one lock (the repository).
 */
import { randomUUID } from 'node:crypto';
import { type PayoutCarryReason, type PayoutView, PAYOUT_STATUS_LIST, RETRYABLE_CARRY_REASONS } from '../../../shared/contracts/payouts.js';
import { COUNTRY_LIST } from '../../../shared/domain/countries.js';
import { parseMsisdn } from '../../../shared/domain/msisdn.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { DisbursementProvider, TransferStatus } from '../../providers/disbursement/disbursement-provider.js';
import { DisbursementError } from '../../providers/disbursement/disbursement-provider.js';
import type { DisbursementProviders } from '../../providers/disbursement/disbursement-operators.js';
import type { PayoutStatus } from '../../db/schema/index.js';
import type { PayablesSource } from './payables.repository.js';
import type { NewPayout, PayoutRow, PayoutsRepository } from './payouts.repository.js';

export interface PayoutRules {
  /** Minimum payout per currency, minor units (PAYOUT_MINIMUMS); a currency not listed has none. */
  minimums: Record<string, number>;
  /** Seconds between two status questions about accepted payouts. */
  pollSeconds: number;
}

export interface RunOptions {
  /** How long to keep asking about accepted payouts, seconds (0: one pass). */
  waitSeconds?: number;
  /** Told each step as it happens (the CLI prints them). */
  progress?: (line: string) => void;
  signal?: AbortSignal;
}

/** The currencies some wallet is paid in (countries.ts: RWF, UGX); any other (USD) is never sent. */
const WALLET_CURRENCIES = new Set<string>(COUNTRY_LIST.map((c) => c.currency));
const OPEN: readonly PayoutStatus[] = ['created', 'accepted'];
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function toPayoutView(r: PayoutRow): PayoutView {
  return {
    id: r.id,
    month: r.month,
    holderKey: r.holderKey,
    holderName: r.holderName,
    currency: r.currency,
    amount: r.amount,
    carriedIn: r.carriedIn,
    msisdn: r.msisdn,
    country: r.country,
    provider: r.provider,
    status: r.status,
    reason: r.reason,
    operatorTransactionId: r.operatorTransactionId,
    supersededBy: r.supersededBy,
    carriedInto: r.carriedInto,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

export function createPayoutsService(deps: { repo: PayoutsRepository; payables: PayablesSource; providers: DisbursementProviders; rules: PayoutRules; log?: { warn(o: object, m: string): void } }) {
  const { repo, providers, rules } = deps;

  function checkMonth(month: string) {
    if (!MONTH.test(month)) throw new AppError(400, 'validation_failed', `month must be YYYY-MM, got "${month}"`);
  }

  /**
   * What to store for `amount` (minor units, statement + carried) of a holder in `currency` paid to `msisdn`:
   * a row to send, or a carried row with its reason. Pure apart from asking which client pays an operator.
   */
  function decide(p: { holderName: string; currency: string; amount: number; msisdn: string | null; minimum: boolean }): NewPayout | null {
    if (p.amount <= 0) return null;
    const carried = (reason: PayoutCarryReason, extra: Partial<NewPayout> = {}): NewPayout => ({ id: randomUUID(), holderName: p.holderName, amount: p.amount, status: 'carried', reason, msisdn: p.msisdn, ...extra });
    if (!WALLET_CURRENCIES.has(p.currency)) return carried('CURRENCY_NOT_PAID');
    if (p.minimum && p.amount < (rules.minimums[p.currency] ?? 0)) return carried('BELOW_MINIMUM');
    if (!p.msisdn) return carried('NO_NUMBER');
    const parsed = parseMsisdn(p.msisdn);
    if (!parsed) return carried('INVALID_NUMBER');
    const client = providers.forOperator(parsed.operator);
    if (!client) return carried('PAYOUTS_OFF', { msisdn: parsed.msisdn, country: parsed.country });
    if (client.currency !== p.currency) return carried('WALLET_CURRENCY', { msisdn: parsed.msisdn, country: parsed.country });
    return { id: randomUUID(), holderName: p.holderName, amount: p.amount, status: 'created', msisdn: parsed.msisdn, country: parsed.country, provider: client.name };
  }

  /** The client that sends a row's transfer again: the one of its number's operator when it bears the row's name. */
  function senderOf(row: PayoutRow): DisbursementProvider | null {
    const op = row.msisdn ? parseMsisdn(row.msisdn)?.operator : undefined;
    const c = op ? providers.forOperator(op) : null;
    return c && c.name === row.provider ? c : providers.byName(row.provider ?? '');
  }

  const inDoubt = (e: unknown) => (e instanceof DisbursementError ? `in doubt: ${e.kind}${e.maybeDelivered ? ' (may have reached the operator)' : ''}` : 'in doubt: unexpected error');

  /** Sends a stored row's transfer under its own reference; the row moves to accepted or refused, or stays in doubt. */
  async function send(row: PayoutRow): Promise<void> {
    const client = senderOf(row);
    if (!client) return void (await repo.note(row.id, `in doubt: no client named ${row.provider} is configured`));
    try {
      const a = await client.transfer({ referenceId: row.id, msisdn: row.msisdn!, country: row.country!, amount: row.amount, currency: row.currency, note: `Sobanura earnings ${row.month}` });
      if (a.outcome === 'accepted') await repo.move(row.id, ['created'], 'accepted', { reason: null });
      else await repo.move(row.id, OPEN, 'refused', { reason: a.reason });
    } catch (e) {
      if (!(e instanceof DisbursementError)) deps.log?.warn({ err: e, payout: row.id }, 'payout transfer threw');
      await repo.note(row.id, inDoubt(e));
    }
  }

  /** Asks the operator about a created or accepted row BEFORE anything else, and follows its answer (ADR 048). */
  async function resolve(row: PayoutRow): Promise<void> {
    const client = providers.byName(row.provider ?? '');
    if (!client) return void (await repo.note(row.id, `in doubt: no client named ${row.provider} is configured`));
    let s: TransferStatus;
    try {
      s = await client.status(row.id);
    } catch (e) {
      if (!(e instanceof DisbursementError)) deps.log?.warn({ err: e, payout: row.id }, 'payout status threw');
      return void (await repo.note(row.id, inDoubt(e)));
    }
    if (s.status === 'unknown') return send(row);
    if (s.status === 'pending') return void (await repo.move(row.id, ['created'], 'accepted', { reason: null }));
    if (s.status === 'successful') return void (await repo.move(row.id, OPEN, 'successful', { reason: null, operatorTransactionId: s.operatorTransactionId }));
    await repo.move(row.id, OPEN, 'failed', { reason: s.reason });
  }

  async function view(month: string) {
    const rows = await repo.ofMonth(month);
    return rows.map(toPayoutView);
  }

  return {
    /**
     * Every row of `month` (retried ones included) and whether the month is closed.
     * @throws AppError 400 `validation_failed` for a month not `YYYY-MM`.
     */
    async list(month: string) {
      checkMonth(month);
      const { closed } = await deps.payables.payables(month);
      return { month, closed, payouts: await view(month) };
    },

    /**
     * Runs the payouts of `month` (see the file's docstring); can be run again at any time, and finishes what an
     * earlier run left.
     * @returns the month's rows after the run and their counts per status (superseded rows left out).
     * @throws AppError 400 `validation_failed` for a bad month, 409 `conflict` for a month not closed.
     */
    async run(month: string, opts: RunOptions = {}) {
      checkMonth(month);
      const say = opts.progress ?? (() => {});
      const { closed, rows } = await deps.payables.payables(month);
      if (!closed) throw new AppError(409, 'conflict', `Month ${month} is not closed: a super admin closes its statements first, then its payouts can run.`);
      const left = await repo.inStatus(month, OPEN);
      if (left.length) say(`asking the operators about ${left.length} payout(s) an earlier run left open`);
      for (const r of left) await resolve(r);

      const wanted = new Map<string, { holderKey: string; holderName: string; currency: string; amount: number; msisdn: string | null }>();
      for (const c of await repo.openCarries(month)) wanted.set(`${c.holderKey}\0${c.currency}`, { ...c, amount: 0 });
      for (const p of rows) wanted.set(`${p.holderKey}\0${p.currency}`, p);
      for (const w of wanted.values()) {
        const row = await repo.makeOnce({ month, holderKey: w.holderKey, currency: w.currency }, (carriedIn) => decide({ ...w, amount: w.amount + carriedIn, minimum: true }));
        if (!row) continue;
        say(`${row.holderName} ${row.amount} ${row.currency}: ${row.status === 'carried' ? `carried (${row.reason})` : 'sending'}`);
        if (row.status === 'created') await send(row);
      }

      for (const r of await repo.inStatus(month, ['created'])) await resolve(r);
      const deadline = Date.now() + (opts.waitSeconds ?? 0) * 1000;
      for (;;) {
        const open = await repo.inStatus(month, ['accepted']);
        if (!open.length) break;
        for (const r of open) await resolve(r);
        if (Date.now() >= deadline || opts.signal?.aborted) break;
        await sleep(rules.pollSeconds * 1000, opts.signal);
      }
      const payouts = await view(month);
      const counts = Object.fromEntries(PAYOUT_STATUS_LIST.map((s) => [s, payouts.filter((p) => p.status === s && !p.supersededBy).length])) as Record<PayoutStatus, number>;
      return { month, closed, payouts, counts };
    },

    /**
     * Pays a failed or refused payout again, or a carried one whose number or configuration was the reason
     * (RETRYABLE_CARRY_REASONS), to `msisdn` (any accepted form) or the holder's current number: a NEW row with a
     * new reference replaces it (the old one gets `superseded_by`), is committed, sent, and asked about once.
     * @throws AppError 404 `not_found`; 400 `invalid_msisdn` for a number no operator has; 409 `conflict` when the
     *   payout cannot be retried (its status, already retried or carried into a later month) or still could not be
     *   sent (the reason).
     */
    async retry(id: string, msisdn?: string) {
      const old = await repo.get(id);
      if (!old) throw notFound('Payout');
      const retryable = (r: PayoutRow) => r.status === 'failed' || r.status === 'refused' || (r.status === 'carried' && (RETRYABLE_CARRY_REASONS as readonly string[]).includes(r.reason ?? ''));
      if (old.supersededBy) throw new AppError(409, 'conflict', 'This payout was already retried: retry its newest attempt.');
      if (old.carriedInto) throw new AppError(409, 'conflict', 'This amount was carried into a later month\u2019s payout.');
      if (!retryable(old)) throw new AppError(409, 'conflict', `A payout ${old.status}${old.reason ? ` (${old.reason})` : ''} cannot be retried.`);
      let number: string | null;
      if (msisdn !== undefined) {
        const parsed = parseMsisdn(msisdn);
        if (!parsed) throw new AppError(400, 'invalid_msisdn', 'This is not a mobile-money number of a supported operator.');
        number = parsed.msisdn;
      } else number = await deps.payables.numberOf(old.holderKey);
      const values = decide({ holderName: old.holderName, currency: old.currency, amount: old.amount, msisdn: number, minimum: false });
      if (!values || values.status !== 'created') throw new AppError(409, 'conflict', `This payout still cannot be sent: ${values?.reason ?? 'nothing is owed'}.`);
      const row = await repo.supersede(id, retryable, values);
      if (!row) throw new AppError(409, 'conflict', 'This payout was already retried: retry its newest attempt.');
      await send(row);
      const sent = (await repo.get(row.id))!;
      if (OPEN.includes(sent.status)) await resolve(sent);
      return toPayoutView((await repo.get(row.id))!);
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
