/**
 * What a mobile-money operator's provider declares about itself (docs/decisions/041-payment-operators-declare-themselves.md),
 * so the configuration (src/server/config.ts) and the payment router (payment-router.ts) loop over the list in
 * operators.ts instead of naming each operator:
 * - `id`: its id in src/shared/domain/operators.ts (the shared entry holds its name, prefixes and currency);
 * - `env`: the environment variables it reads, each with its zod schema (defaults and messages as the operator's
 *   API reference names them); they are read whatever the mode, so a bad value is refused even in sandbox mode;
 * - `required`: the variables it cannot go live without, each with what it is (the message names it);
 * - `config`: its part of `Config.payments` (`payments.<id>`), from the parsed variables, when it is live;
 * - `create`: its real client, from that part and the call timeout (`PAYMENT_TIMEOUT_SECONDS`).
 * The sandbox (sandbox-provider.ts, the embedded default) is one for every operator: it answers from the payment's
 * number alone.
 */
import type { z } from 'zod';
import type { Operator } from '../../../shared/domain/operators.js';
import type { PaymentProvider } from './payment-provider.js';

export interface PaymentOperatorDeclaration<Id extends Operator = Operator, Env extends z.ZodRawShape = z.ZodRawShape, Cfg = unknown> {
  readonly id: Id;
  readonly env: Env;
  readonly required: readonly { readonly name: keyof Env & string; readonly why: string }[];
  config(env: z.infer<z.ZodObject<Env>>): Cfg;
  create(cfg: Cfg, opts: { retry: { timeoutMs: number } }): PaymentProvider;
}

/** Declares an operator's provider, keeping its types (the identity; see PaymentOperatorDeclaration). */
export function declarePaymentOperator<Id extends Operator, Env extends z.ZodRawShape, Cfg>(d: PaymentOperatorDeclaration<Id, Env, Cfg>): PaymentOperatorDeclaration<Id, Env, Cfg> {
  return d;
}
