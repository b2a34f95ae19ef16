import type { AdminPayment, PaymentDetail } from '../../shared/contracts/billing';

/** A successful card payment as the server sends it (a weekly pass, 2.99 USD, Visa •••• 4242), with overrides. */
export function cardPayment(overrides: Partial<PaymentDetail> = {}): PaymentDetail {
  return {
    id: '7b0c1e52-0000-4000-8000-000000000001',
    kind: 'pass',
    plan: 'weekly',
    movieId: null,
    amount: 299,
    currency: 'USD',
    status: 'successful',
    reason: null,
    createdAt: '2026-11-30T10:00:00.000Z',
    operator: null,
    provider: 'card',
    msisdnMasked: null,
    movieTitle: null,
    approvalExpiresAt: '2026-11-30T10:30:00.000Z',
    settledAt: '2026-11-30T10:01:00.000Z',
    refundedAt: null,
    card: { brand: 'VISA', last4: '4242' },
    ...overrides,
  };
}

/** The same payment as the admin Payments list shows it (its account kamana@example.com), with overrides. */
export function adminCardPayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return { ...cardPayment(), method: 'card', account: { id: 'u1', email: 'kamana@example.com' }, refundedAmount: null, ...overrides };
}
