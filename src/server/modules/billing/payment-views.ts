/**
 * How billing's rows are shown to clients (src/shared/contracts/billing.ts): a payment as `PaymentDetail` (amounts
 * in the currency's minor unit, RWF and UGX having none; the number masked; times as ISO strings, UTC) and a pass as
 * `PassView` with its remaining time and the timeline of passes from now (docs/decisions/019).
 */
import type { PaidCardView, PassView, PaymentDetail } from '../../../shared/contracts/billing.js';
import { maskMsisdn, operatorOf } from '../../../shared/domain/msisdn.js';
import type { PassSegment } from '../../../shared/domain/pass-stacking.js';
import { isPassActive, remainingTime } from '../../../shared/domain/plans.js';
import type { BillingRepository, PassRow, PaymentRow, PaymentWithTitle } from './billing.repository.js';

/** A payment as the API shows it (its title when it bought one alone); the MSISDN only masked. */
export function toPaymentDetail(p: PaymentRow & { movieTitle?: string | null }): PaymentDetail {
  return {
    id: p.id,
    kind: p.kind,
    plan: p.plan,
    movieId: p.movieId,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    reason: p.reason,
    createdAt: p.createdAt.toISOString(),
    operator: p.msisdn ? operatorOf(p.msisdn) : null,
    provider: p.provider,
    msisdnMasked: p.msisdn ? maskMsisdn(p.msisdn) : null,
    movieTitle: p.movieTitle ?? null,
    approvalExpiresAt: p.expiresAt.toISOString(),
    settledAt: p.settledAt ? p.settledAt.toISOString() : null,
    refundedAt: p.refundedAt ? p.refundedAt.toISOString() : null,
    card: cardOf(p),
  };
}

/** The card a payment was paid with, as kept when it settled (docs/decisions/044), or null (mobile money, none kept). */
export function cardOf(p: Pick<PaymentRow, 'cardBrand' | 'cardLast4'>): PaidCardView | null {
  return p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null;
}

/** The pass in force (or the last one) with its remaining time and the timeline of passes from now (ADR 019). */
export function toPassView(p: PassRow, timeline: PassSegment[] = [], now = new Date()): PassView {
  const active = isPassActive(p, now);
  return {
    plan: p.plan,
    status: p.status,
    expiresAt: p.expiresAt.toISOString(),
    active,
    remaining: active ? remainingTime(p.expiresAt, now) : { unit: 'hours', count: 0 },
    timeline: timeline.map((x) => ({ plan: x.plan, startsAt: x.startsAt.toISOString(), endsAt: x.endsAt.toISOString() })),
  };
}

/** Payment `p` read again with the title it bought (null for a pass); `p` itself when it cannot be read. */
export async function withTitle(repo: BillingRepository, p: PaymentRow): Promise<PaymentWithTitle> {
  return (await repo.paymentWithTitle(p.id)) ?? { ...p, movieTitle: null };
}
