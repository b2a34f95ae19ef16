import type { PaymentView } from '../../../../shared/contracts/billing';
import { apiRequest } from '../../../lib/api-client';

export type { PaymentView };

/** GET /api/billing/payments/:id: the payment's current status. */
export function getPayment(id: string, signal?: AbortSignal): Promise<{ payment: PaymentView }> {
  return apiRequest(`/api/billing/payments/${encodeURIComponent(id)}`, { signal });
}

/** Payment poll every 3 s, timeout at 120 s (docs/product/viewer.md §9). */
export const PAYMENT_POLL_MS = 3000;
export const PAYMENT_TIMEOUT_MS = 120_000;

export type PaymentOutcome = { status: 'successful'; payment: PaymentView } | { status: 'failed'; payment: PaymentView } | { status: 'timeout' };

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Polls the payment until it settles or the time runs out. A poll that fails (network down, 5xx) does not end
 * the wait: the viewer may be approving on the phone while the connection drops.
 */
export async function waitForPayment(
  id: string,
  { signal, intervalMs = PAYMENT_POLL_MS, timeoutMs = PAYMENT_TIMEOUT_MS, fetchPayment = getPayment } = {} as {
    signal?: AbortSignal;
    intervalMs?: number;
    timeoutMs?: number;
    fetchPayment?: typeof getPayment;
  },
): Promise<PaymentOutcome> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())), signal);
    try {
      const { payment } = await fetchPayment(id, signal);
      if (payment.status === 'successful') return { status: 'successful', payment };
      if (payment.status === 'failed') return { status: 'failed', payment };
    } catch (error) {
      if (signal?.aborted) throw error;
    }
  }
  return { status: 'timeout' };
}
