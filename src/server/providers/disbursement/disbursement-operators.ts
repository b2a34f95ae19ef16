/**
 * The payout operators' clients (disbursement-kit.ts, docs/decisions/048-disbursement-clients.md): one line each,
 * in the order of src/shared/domain/operators.ts, the configuration's part for payouts, and the clients it asks for.
 *
 * Variables (read whatever the mode, so a bad value is refused even with the sandbox): DISBURSEMENT_METHODS, the
 * methods whose payouts run live, separated by commas (mtn-rw, airtel-rw, mtn-ug, airtel-ug; apart from
 * PAYMENT_METHODS, since paying out real money is its own decision); unset, every payout goes to the sandbox
 * (sandbox-disbursement.ts). Each listed method needs its operator's disbursement variables (declared in its client
 * file: MTN_DISBURSEMENT_* and MTN_UG_DISBURSEMENT_*: API_USER, API_KEY, SUBSCRIPTION_KEY; AIRTEL_DISBURSEMENT_*
 * and AIRTEL_UG_DISBURSEMENT_*: CLIENT_ID, CLIENT_SECRET, PIN, PUBLIC_KEY) and shares the collection side's base URL,
 * target environment, country and currency. The call timeout is PAYMENT_TIMEOUT_SECONDS.
 */
import { z } from 'zod';
import { type Operator, OPERATOR_INFO, OPERATOR_LIST, operatorOfMethod, OPERATORS } from '../../../shared/domain/operators.js';
import { airtelMoneyDisbursementOperator, airtelMoneyUgandaDisbursementOperator } from './airtel-money-disbursement.js';
import type { DisbursementProvider } from './disbursement-provider.js';
import { mtnMomoDisbursementOperator, mtnMomoUgandaDisbursementOperator } from './mtn-momo-disbursement.js';
import { createSandboxDisbursement, type SandboxStore } from './sandbox-disbursement.js';

export const DISBURSEMENT_OPERATORS = [mtnMomoDisbursementOperator, airtelMoneyDisbursementOperator, mtnMomoUgandaDisbursementOperator, airtelMoneyUgandaDisbursementOperator] as const;

/** `disbursements.<id>` of the configuration: each operator's part when its payouts run live, else null. */
export type DisbursementOperatorConfigs = { [D in (typeof DISBURSEMENT_OPERATORS)[number] as D['id']]: ReturnType<D['config']> | null };

export type DisbursementsConfig = DisbursementOperatorConfigs & {
  /** `sandbox` (no DISBURSEMENT_METHODS) or `live`. */
  mode: 'sandbox' | 'live';
  /** Operators whose payouts can be made: the live ones, or every operator with the sandbox. */
  operators: Operator[];
  /** Timeout of one call to an operator, in ms (PAYMENT_TIMEOUT_SECONDS). */
  timeoutMs: number;
};

const METHODS = OPERATOR_LIST.map((o) => o.method);

export const DISBURSEMENT_ENV = {
  DISBURSEMENT_METHODS: z
    .string()
    .transform((v) => v.toLowerCase().replace(/\s+/g, ''))
    .refine((v) => {
      const ms = v.split(',');
      return new Set(ms).size === ms.length && ms.every((m) => operatorOfMethod(m) !== null);
    }, `must be payment methods separated by commas, of ${METHODS.join(', ')}`)
    .optional(),
};

/**
 * The payouts' part of the configuration from the environment `given` (empty values already dropped).
 * @returns `config`, and `errors`: one line per bad or missing variable, `NAME: why` (the caller throws ConfigError
 *   with them; `config` is not to be used then). Bad values of the collection side's variables are its own to report.
 */
export function readDisbursementConfig(given: Record<string, string | undefined>, timeoutMs: number): { config: DisbursementsConfig; errors: string[] } {
  const errors: string[] = [];
  const top = z.object(DISBURSEMENT_ENV).safeParse(given);
  if (!top.success) errors.push(...top.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const methods = top.success && top.data.DISBURSEMENT_METHODS ? top.data.DISBURSEMENT_METHODS : null;
  const live = methods ? methods.split(',').map((m) => operatorOfMethod(m)!) : [];
  const parts: Record<string, unknown> = {};
  for (const d of DISBURSEMENT_OPERATORS) {
    const own = z.object(d.env).safeParse(given);
    if (!own.success) errors.push(...own.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
    parts[d.id] = null;
    if (!live.includes(d.id) || !own.success) continue;
    const values = own.data as Record<string, unknown>;
    for (const r of d.required) if (values[r.name] === undefined) errors.push(`${r.name}: required when DISBURSEMENT_METHODS=${methods} (${r.why})`);
    const shared = z.object(d.collection.env).safeParse(given);
    // The declarations share the collection's parsed part; `config` is the one its `create` takes.
    if (shared.success) parts[d.id] = (d.config as (o: unknown, s: unknown) => unknown)(own.data, (d.collection.config as (v: unknown) => unknown)(shared.data));
  }
  return { config: { mode: live.length ? 'live' : 'sandbox', operators: live.length ? live : [...OPERATORS], timeoutMs, ...(parts as DisbursementOperatorConfigs) }, errors };
}

export interface DisbursementProviders {
  /** The client that pays this operator's numbers (the sandbox's in sandbox mode), or null when its payouts are off. */
  forOperator(operator: Operator): DisbursementProvider | null;
  /**
   * The client a payout was sent with, by the `name` stored on it (an operator id, or `sandbox`), or null when it
   * is no longer configured: a payout is always asked about where it was sent, never re-sent elsewhere.
   */
  byName(name: string): DisbursementProvider | null;
}

/**
 * The clients the configuration asks for. The sandbox (every operator's in sandbox mode) keeps its transfers in
 * `sandbox.store` (in memory by default) and settles ordinary payouts after `sandbox.settleSeconds` (default 0).
 */
export function createDisbursementProviders(cfg: DisbursementsConfig, sandbox: { settleSeconds?: number; store?: SandboxStore } = {}): DisbursementProviders {
  if (cfg.mode === 'sandbox') {
    const store = sandbox.store ?? new Map();
    const clients = new Map(OPERATORS.map((o) => [o, createSandboxDisbursement({ country: OPERATOR_INFO[o].country, currency: OPERATOR_INFO[o].currency, settleSeconds: sandbox.settleSeconds, store })]));
    return { forOperator: (o) => clients.get(o) ?? null, byName: (n) => (n === 'sandbox' ? clients.get(OPERATORS[0]!)! : null) };
  }
  const clients = new Map<string, DisbursementProvider>();
  for (const d of DISBURSEMENT_OPERATORS) {
    const part = cfg[d.id];
    // `disbursements.<id>` is what this operator's own `config` made, so its `create` takes it.
    if (part) clients.set(d.id, d.create(part as never, { timeoutMs: cfg.timeoutMs }));
  }
  return { forOperator: (o) => clients.get(o) ?? null, byName: (n) => clients.get(n) ?? null };
}
