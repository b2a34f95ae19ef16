/**
 * What a mobile-money payment method's folder declares about itself (docs/decisions/041-payment-operators-declare-themselves.md,
 * amended 2026-11-29): its shared entry, in `method.ts`, listed in registry.ts. Types only, so that the folders and
 * src/shared/domain/operators.ts import it without a cycle.
 *
 * - `id`: stored on payments and sent by the API; never renamed (Rwanda's are `mtn` and `airtel`, as before Uganda);
 * - `method`: its name in PAYMENT_METHODS (operator and country), and the name of its folder;
 * - `country`: src/shared/domain/countries.ts;
 * - `name`: the English display name, in server messages;
 * - `shortName`: the network, as in "a valid MTN or Airtel Rwanda number";
 * - `prefixes`: the national prefixes of its numbers, `07X`, each followed by 7 digits;
 * - `currency`: the ISO 4217 code of its wallets.
 */
import type { Country } from '../domain/countries.js';

export interface OperatorInfo {
  readonly id: string;
  readonly method: string;
  readonly country: Country;
  readonly name: string;
  readonly shortName: string;
  /** National prefixes `07X` (3 digits); a number is the prefix and 7 more digits. */
  readonly prefixes: readonly `07${number}`[];
  /** ISO 4217 code of its wallets. */
  readonly currency: string;
}
