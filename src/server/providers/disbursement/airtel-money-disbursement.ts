/**
 * Airtel Money disbursement client (docs/decisions/048-disbursement-clients.md), as Airtel publishes its Disbursement
 * APIs (developers.airtel.africa, Disbursement APIs; the collection client's conventions, ADR 008):
 * - token: `POST /auth/oauth2/token` with JSON `{ client_id, client_secret, grant_type: 'client_credentials' }` →
 *   `{ access_token, expires_in (seconds, often a string; 180 in the UAT), token_type }`.
 * - disbursement: `POST /standard/v1/disbursements/` with `X-Country`, `X-Currency`, `Authorization: Bearer` and the
 *   body `{ payee: { msisdn (without the country code) }, reference, pin, transaction: { amount, id } }`, where `pin`
 *   is the disbursement account's 4-digit PIN encrypted with the RSA public key from Airtel's portal (PKCS#1 v1.5,
 *   base64) and `transaction.id` is our UUID v4 (the idempotency key). The answer `{ data: { transaction:
 *   { id, airtel_money_id?, reference_id?, status } }, status: { code, message, result_code, response_code,
 *   success } }` carries Airtel's disbursement codes: DP00900001001 success; DP00900001000 ambiguous,
 *   DP00900001006 in process and DP00900001014 timed out (all: ask the enquiry); DP00900001017 duplicate
 *   transaction id (and ESB000041 on older gateways): the transfer exists (`accepted`, never a second payment);
 *   refusals DP00900001003 limit, 004 amount, 005 failed, 007 not enough funds, 010 user not allowed,
 *   012 invalid mobile number, 013 refused; configuration faults DP00900001009 (invalid initiatee), 016
 *   (forbidden) and ROUTER116 (PIN not decrypted).
 * - enquiry: `GET /standard/v1/disbursements/{id}` → `data.transaction.status`: TS success, TF failed, TA ambiguous
 *   and TIP in progress (both pending); no such transaction: DP00900001015 (ESB000045 on older gateways).
 * - callback: set once in Airtel's portal; it POSTs `{ transaction: { id, message, status_code, airtel_money_id } }`
 *   (callbacks.ts reads it).
 * Anything else that is not a definite answer is left to the enquiry (a DisbursementError), never read as a refusal.
 */
import { constants, createPublicKey, type KeyObject, publicEncrypt } from 'node:crypto';
import { z } from 'zod';
import { localMsisdn } from '../../../shared/domain/msisdn.js';
import { type AirtelMoneyConfig, airtelMoneyOperator, airtelMoneyUgandaOperator } from '../payments/airtel-money-provider.js';
import { DEFAULT_RETRY, field, joinUrl, type RetryPolicy, stringField } from '../payments/http.js';
import { type CollectionSide, declareDisbursementOperator } from './disbursement-kit.js';
import { checkTransfer, type DisbursementProvider, type DisbursementReason, DisbursementError, type TransferStatus } from './disbursement-provider.js';
import { operatorCaller, operatorTokens, unreadable } from './operator-http.js';

/**
 * The collection client's settings (src/server/providers/payments/airtel-money-provider.ts), with the disbursement
 * application's client id and secret, and what the disbursement body needs besides.
 */
export type AirtelDisbursementConfig = Omit<AirtelMoneyConfig, 'operator' | 'country' | 'currency'> & {
  /** The operator it pays through (`airtel`: Rwanda, `airtel-ug`: Uganda); default `airtel`. */
  operator?: 'airtel' | 'airtel-ug';
  /** ISO 3166-1 alpha-2 sent as X-Country (RW, UG). */
  country: string;
  /** ISO 4217 sent as X-Currency (RWF, UGX: whole amounts only). */
  currency: string;
  /** The disbursement account's 4-digit PIN, in clear; sent only encrypted. */
  pin: string;
  /** Airtel's RSA public key for the PIN: PEM, or the base64 DER (SPKI) its portal shows. */
  publicKey: string;
};

/** Airtel's public key as a KeyObject: PEM as given, or base64 DER (SPKI) as the portal shows it. Throws on a bad key. */
export function airtelPublicKey(text: string): KeyObject {
  const t = text.trim();
  const key = t.startsWith('-----BEGIN') ? createPublicKey(t) : createPublicKey({ key: Buffer.from(t.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'rsa') throw new Error('not an RSA public key');
  return key;
}

/** The PIN as Airtel takes it: RSA PKCS#1 v1.5 with its public key, base64. */
export function encryptAirtelPin(pin: string, publicKey: KeyObject): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(pin, 'utf8')).toString('base64');
}

/** Airtel's disbursement response codes that refuse a transfer for good → ours. */
const REFUSALS: Record<string, DisbursementReason> = {
  DP00900001003: 'LIMIT_REACHED',
  DP00900001004: 'INVALID_AMOUNT',
  DP00900001005: 'INTERNAL_PROCESSING_ERROR',
  DP00900001007: 'NOT_ENOUGH_FUNDS',
  DP00900001010: 'PAYEE_NOT_ALLOWED',
  DP00900001012: 'PAYEE_NOT_FOUND',
  DP00900001013: 'REJECTED',
  ESB000008: 'REJECTED', // field validation failed
  ESB000033: 'PAYEE_NOT_FOUND', // the MSISDN's length is not the country's
};
/** The transfer exists under that id (an earlier attempt made it). */
const DUPLICATE = new Set(['DP00900001017', 'ESB000041']);
/** Airtel holds the transfer; the enquiry gives its outcome. */
const HELD = new Set(['DP00900001001', 'DP00900001000', 'DP00900001006', 'DP00900001014']);
/** Our account, signature or PIN were refused: a configuration fault, no money moved. */
const CONFIG_FAULT = new Set(['DP00900001009', 'DP00900001016', 'ROUTER116']);
const NOT_FOUND = new Set(['DP00900001015', 'ESB000045']);

const codesOf = (body: unknown) => [stringField(body, 'status', 'response_code'), stringField(body, 'status', 'result_code')].filter((c): c is string => !!c);

/** The failure reason of a TF answer or callback, by its response code (else INTERNAL_PROCESSING_ERROR). */
const failureReason = (codes: string[]): DisbursementReason => codes.map((c) => REFUSALS[c]).find((r) => r) ?? 'INTERNAL_PROCESSING_ERROR';

/**
 * A transfer's status by Airtel's transaction status letters (TS, TF, TE, TA, TIP), or null when `letters` is none of
 * them. Pure; the enquiry and callbacks.ts both read with it.
 */
export function airtelTransferStatus(letters: string | undefined, opts: { airtelMoneyId?: string; codes?: string[] } = {}): TransferStatus | null {
  switch (letters?.toUpperCase()) {
    case 'TS':
      return { status: 'successful', operatorTransactionId: opts.airtelMoneyId || null };
    case 'TF':
      return { status: 'failed', reason: failureReason(opts.codes ?? []) };
    case 'TE':
      return { status: 'failed', reason: 'EXPIRED' };
    case 'TA':
    case 'TIP':
      return { status: 'pending' };
  }
  return null;
}

export function createAirtelMoneyDisbursement(cfg: AirtelDisbursementConfig): DisbursementProvider & { readonly tokensFetched: number } {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...cfg.retry };
  const publicKey = airtelPublicKey(cfg.publicKey);
  const tokens = operatorTokens(
    {
      what: 'Airtel disbursement token request',
      url: joinUrl(cfg.baseUrl, '/auth/oauth2/token'),
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: '*/*' },
        body: JSON.stringify({ client_id: cfg.clientId, client_secret: cfg.clientSecret, grant_type: 'client_credentials' }),
      },
      check: 'the Airtel disbursement client id and secret',
      defaultTtlSeconds: 180,
    },
    policy,
    cfg.now,
  );
  const call = operatorCaller({ baseUrl: cfg.baseUrl, policy, tokens, headers: () => ({ Accept: '*/*', 'X-Country': cfg.country, 'X-Currency': cfg.currency }) });

  return {
    name: cfg.operator ?? 'airtel',
    currency: cfg.currency,
    get tokensFetched() {
      return tokens.fetched;
    },

    async transfer(req) {
      checkTransfer(req, { country: cfg.country, currency: cfg.currency });
      const body = JSON.stringify({
        payee: { msisdn: localMsisdn(req.msisdn) },
        reference: req.note.slice(0, 64),
        pin: encryptAirtelPin(cfg.pin, publicKey),
        transaction: { amount: req.amount, id: req.referenceId },
      });
      const res = await call('Airtel disbursement', 'POST', '/standard/v1/disbursements/', {}, body);
      const { status, body: answer } = res.answer;
      const codes = codesOf(answer);
      if (codes.some((c) => DUPLICATE.has(c))) return { outcome: 'accepted' };
      if (codes.some((c) => CONFIG_FAULT.has(c))) throw new DisbursementError(`Airtel disbursement refused our account: ${codes.join(' ')} (check the Airtel disbursement PIN, public key and account)`, 'auth', false);
      if (status === 200 && (field(answer, 'status', 'success') === true || codes.some((c) => HELD.has(c)))) return { outcome: 'accepted' };
      const refusal = codes.map((c) => REFUSALS[c]).find((r) => r);
      if (refusal) return { outcome: 'refused', reason: refusal };
      if (stringField(answer, 'data', 'transaction', 'status')?.toUpperCase() === 'TF') return { outcome: 'refused', reason: 'INTERNAL_PROCESSING_ERROR' };
      // ESB000001 / ESB000004 ("something went wrong"), 5xx and unknown codes: only the enquiry can tell.
      throw unreadable('Airtel disbursement', res, codes);
    },

    async status(referenceId) {
      const res = await call('Airtel disbursement enquiry', 'GET', `/standard/v1/disbursements/${encodeURIComponent(referenceId)}`);
      const { status, body } = res.answer;
      const codes = codesOf(body);
      const read = status === 200 ? airtelTransferStatus(stringField(body, 'data', 'transaction', 'status'), { airtelMoneyId: stringField(body, 'data', 'transaction', 'airtel_money_id'), codes }) : null;
      if (read) return read;
      if (codes.some((c) => NOT_FOUND.has(c))) return { status: 'unknown' };
      throw unreadable('Airtel disbursement enquiry', { ...res, maybeDelivered: true }, codes);
    },
  };
}

/**
 * Airtel Money disbursement as a payout operator, one declaration per country (disbursement-kit.ts). Its own
 * variables, all required live: `${prefix}_DISBURSEMENT_CLIENT_ID`, `${prefix}_DISBURSEMENT_CLIENT_SECRET` (the
 * application with the Disbursement product), `${prefix}_DISBURSEMENT_PIN` (4 digits) and
 * `${prefix}_DISBURSEMENT_PUBLIC_KEY` (the RSA key from Airtel's portal that encrypts the PIN). Base URL, country
 * and currency are the collection side's (`${prefix}_BASE_URL`; the operator's country and currency).
 */
function declareAirtelDisbursement<Id extends 'airtel' | 'airtel-ug', P extends string>(collection: CollectionSide<Id, { baseUrl: string; country: string; currency: string }>, prefix: P) {
  const v = <S extends string>(suffix: S) => `${prefix}_DISBURSEMENT_${suffix}` as `${P}_DISBURSEMENT_${S}`;
  const rsaKey = (s: string) => {
    try {
      airtelPublicKey(s);
      return true;
    } catch {
      return false;
    }
  };
  const env = {
    [v('CLIENT_ID')]: z.string().min(4, 'must be the client id of the Airtel application with Disbursement').optional(),
    [v('CLIENT_SECRET')]: z.string().min(4, 'must be the client secret of the Airtel application with Disbursement').optional(),
    [v('PIN')]: z.string().regex(/^\d{4}$/, 'must be the 4-digit PIN of the disbursement account').optional(),
    [v('PUBLIC_KEY')]: z.string().refine(rsaKey, "must be Airtel's RSA public key (PEM, or the base64 text of its portal)").optional(),
  } as Record<`${P}_DISBURSEMENT_${'CLIENT_ID' | 'CLIENT_SECRET' | 'PIN' | 'PUBLIC_KEY'}`, z.ZodOptional<z.ZodString>>;
  return declareDisbursementOperator({
    id: collection.id,
    collection,
    env,
    required: [
      { name: v('CLIENT_ID'), why: 'the Airtel Money disbursement application client id' },
      { name: v('CLIENT_SECRET'), why: 'the Airtel Money disbursement application client secret' },
      { name: v('PIN'), why: 'the disbursement account PIN' },
      { name: v('PUBLIC_KEY'), why: "Airtel's RSA public key that encrypts the PIN" },
    ],
    config: (own, shared): AirtelDisbursementConfig => {
      const e = own as Record<string, string | undefined>;
      return {
        operator: collection.id,
        country: shared.country,
        currency: shared.currency,
        baseUrl: shared.baseUrl,
        clientId: e[v('CLIENT_ID')]!,
        clientSecret: e[v('CLIENT_SECRET')]!,
        pin: e[v('PIN')]!,
        publicKey: e[v('PUBLIC_KEY')]!,
      };
    },
    create: (cfg, { timeoutMs }) => createAirtelMoneyDisbursement({ ...cfg, retry: { timeoutMs } }),
  });
}

/** Airtel Money Rwanda payouts: AIRTEL_DISBURSEMENT_* variables, RW, RWF. */
export const airtelMoneyDisbursementOperator = declareAirtelDisbursement(airtelMoneyOperator, 'AIRTEL');
/** Airtel Money Uganda payouts: AIRTEL_UG_DISBURSEMENT_* variables, UG, UGX. */
export const airtelMoneyUgandaDisbursementOperator = declareAirtelDisbursement(airtelMoneyUgandaOperator, 'AIRTEL_UG');
