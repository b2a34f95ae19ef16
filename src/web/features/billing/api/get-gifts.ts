import { useQuery } from '@tanstack/react-query';
import type { GiftView } from '../../../../shared/contracts/gifts';
import { apiRequest } from '../../../lib/api-client';

/** Under `['billing']`, so a payment or a claim that refreshes billing refreshes the gifts too. */
export const sentGiftsKey = ['billing', 'gifts'] as const;

/**
 * GET /api/gifts (docs/decisions/046-gifts.md): the passes the signed-in viewer bought for someone else, newest first,
 * each with its plan, masked recipient (`a***@example.com`, `250781***001`), status (`awaiting_payment` | `sent` |
 * `claimed` | `expired`), dates (ISO 8601) and the payment that bought it. Errors: 401 unauthenticated.
 */
export function getSentGifts(signal?: AbortSignal): Promise<{ gifts: GiftView[] }> {
  return apiRequest('/api/gifts', { signal });
}

export function useSentGifts(enabled = true) {
  return useQuery({ queryKey: sentGiftsKey, queryFn: ({ signal }) => getSentGifts(signal).then((r) => r.gifts), enabled });
}

/**
 * Whether payment `paymentId` bought a gift, for the success step of a payment: `pending` while the viewer's gifts
 * load, then `gift` (or null: a pass for the viewer, or the list could not be read). Nothing is asked without an id.
 */
export function useGiftOfPayment(paymentId: string | null | undefined): { pending: boolean; gift: GiftView | null } {
  const gifts = useSentGifts(!!paymentId);
  if (!paymentId) return { pending: false, gift: null };
  if (gifts.isPending) return { pending: true, gift: null };
  return { pending: false, gift: gifts.data?.find((g) => g.paymentId === paymentId) ?? null };
}
