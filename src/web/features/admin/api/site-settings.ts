import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings, SiteSettingsInput } from '../../../../shared/contracts/site';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { getSiteSettings, SITE_SETTINGS_KEY } from '../../../lib/site-info';

/** The settings as stored, for the Settings tab (not the defaults shown while loading: the form waits for these). */
export function useStoredSiteSettings() {
  return useQuery({ queryKey: SITE_SETTINGS_KEY, queryFn: getSiteSettings, staleTime: 0 });
}

/**
 * PUT /api/admin/site-settings (super admin): replaces the whole document; 400 `validation_failed` names the fields
 * (`details.fields[].field`, e.g. `body.prices.yearly.priceRwf`). On success the footer, pages and plans of this
 * browser show the new values at once.
 */
export function useSaveSiteSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteSettingsInput) => apiRequest<SiteSettings>('/api/admin/site-settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      qc.setQueryData(SITE_SETTINGS_KEY, saved);
      void qc.invalidateQueries({ queryKey: queryKeys.plans });
    },
  });
}
