/**
 * What a payout operator's client declares about itself (docs/decisions/048-disbursement-clients.md), in the manner
 * of the collection side's operator-kit.ts (ADR 041), so the configuration loops over disbursement-operators.ts:
 * - `id`: its operator id of src/shared/domain/operators.ts, and `collection`: the collection declaration of the
 *   same operator, whose parsed part (base URL, target environment, country, currency) it shares;
 * - `env`: its own variables with their zod schemas (read whatever the mode, so a bad value is refused even with the
 *   sandbox); `required`: those it cannot go live without, each with what it is (the start-up message names it);
 * - `config`: its part of `Config.disbursements` from its parsed variables and the collection side's part;
 * - `create`: its client, from that part and the call timeout (PAYMENT_TIMEOUT_SECONDS, in ms).
 */
import type { z } from 'zod';
import type { Operator } from '../../../shared/domain/operators.js';
import type { DisbursementProvider } from './disbursement-provider.js';

/** The part of a collection declaration (operator-kit.ts) a payout declaration reads. */
export interface CollectionSide<Id extends Operator, Shared> {
  readonly id: Id;
  readonly env: z.ZodRawShape;
  config(env: never): Shared;
}

export interface DisbursementOperatorDeclaration<Id extends Operator = Operator, Shared = unknown, Env extends z.ZodRawShape = z.ZodRawShape, Cfg = unknown> {
  readonly id: Id;
  /** The collection side's declaration of the same operator (operator-kit.ts), whose `config` gives `Shared`. */
  readonly collection: CollectionSide<Id, Shared>;
  readonly env: Env;
  readonly required: readonly { readonly name: keyof Env & string; readonly why: string }[];
  config(own: z.infer<z.ZodObject<Env>>, shared: Shared): Cfg;
  create(cfg: Cfg, opts: { timeoutMs: number }): DisbursementProvider;
}

/** Declares a payout operator's client, keeping its types (the identity). */
export function declareDisbursementOperator<Id extends Operator, Shared, Env extends z.ZodRawShape, Cfg>(
  d: DisbursementOperatorDeclaration<Id, Shared, Env, Cfg>,
): DisbursementOperatorDeclaration<Id, Shared, Env, Cfg> {
  return d;
}
