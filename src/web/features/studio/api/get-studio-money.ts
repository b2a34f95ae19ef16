import { useQuery } from '@tanstack/react-query';
import type { StudioMoney } from '../../../../shared/contracts/studio';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/studio/statements: the signed-in translator's statements of closed months and their payouts (ADR 051,
 * ADR 052); 403 `not_a_translator` for an account no translator is linked to.
 */
export function useStudioMoney() {
  return useQuery({ queryKey: ['studio', 'money'], queryFn: ({ signal }) => apiRequest<StudioMoney>('/api/studio/statements', { signal }) });
}

/** The translator's own printable statement of a closed month (GET /api/studio/statements/:month/page). */
export const studioStatementPage = (month: string) => `/api/studio/statements/${encodeURIComponent(month)}/page`;
