import { useMutation } from '@tanstack/react-query';
import type { PlanId } from '../../../../shared/domain/plans';
import { apiRequest } from '../../../lib/api-client';
import type { PaymentView } from '../../../../shared/contracts/billing';

/** POST /api/billing/payments: asks MTN Mobile Money to collect the plan's price from `phone` (202, pending). */
export function createPayment(body: { plan: PlanId; phone: string }): Promise<{ payment: PaymentView }> {
  return apiRequest('/api/billing/payments', { method: 'POST', body });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
