import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutRunResponse, PayoutsResponse, PayoutView } from '../../../../shared/contracts/payouts';
import type { StatementsReport } from '../../../../shared/contracts/statements';
import { apiRequest } from '../../../lib/api-client';

const enc = encodeURIComponent;

/** Query keys of statements and payouts (under ['admin'], dropped with the session). */
export const statementsKeys = {
  month: (month: string) => ['admin', 'statements', month] as const,
  payouts: (month: string) => ['admin', 'payouts', month] as const,
};

/** Where a holder's printable statement and the month's CSV exports are (docs/product/admin.md §14). */
export const statementLinks = {
  holderPage: (month: string, holderId: string) => `/api/admin/statements/${enc(month)}/holders/${enc(holderId)}/page`,
  holdersCsv: (month: string) => `/api/admin/statements/${enc(month)}/holders.csv`,
  titlesCsv: (month: string) => `/api/admin/statements/${enc(month)}/titles.csv`,
};

/** GET /api/admin/statements/:month (admins): a closed month's stored statements, or an open month's preview (ADR 051). */
export function useStatements(month: string, enabled = true) {
  return useQuery({ queryKey: statementsKeys.month(month), queryFn: () => apiRequest<StatementsReport>(`/api/admin/statements/${enc(month)}`), enabled });
}

/** GET /api/admin/payouts?month= (super admins): the month's payouts with status and reason (ADR 052). */
export function usePayouts(month: string, enabled: boolean) {
  return useQuery({ queryKey: statementsKeys.payouts(month), queryFn: () => apiRequest<PayoutsResponse>(`/api/admin/payouts?month=${enc(month)}`), enabled });
}

/**
 * Closing a month (POST …/:month/close, super admin; 409 `conflict` with `details.reason` `month_not_over` or
 * `already_closed`), running its payouts (POST /api/admin/payouts/run; 409 when not closed) and retrying one payout
 * (POST /api/admin/payouts/:id/retry { msisdn? }; 400 `invalid_msisdn`, 409 `conflict`). Each refreshes the month.
 */
export function useStatementMutations(month: string) {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: statementsKeys.month(month) });
    void qc.invalidateQueries({ queryKey: statementsKeys.payouts(month) });
  };
  return {
    close: useMutation({ mutationFn: () => apiRequest<StatementsReport>(`/api/admin/statements/${enc(month)}/close`, { method: 'POST' }), onSettled: refresh }),
    run: useMutation({ mutationFn: () => apiRequest<PayoutRunResponse>('/api/admin/payouts/run', { method: 'POST', body: { month } }), onSettled: refresh }),
    retry: useMutation({
      mutationFn: ({ id, msisdn }: { id: string; msisdn?: string }) => apiRequest<{ payout: PayoutView }>(`/api/admin/payouts/${enc(id)}/retry`, { method: 'POST', body: msisdn === undefined ? {} : { msisdn } }),
      onSettled: refresh,
    }),
  };
}
