import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Redirect } from '../../lib/redirect';
import { useMe } from '../../features/accounts/api/get-me';
import { AdminPanelPage } from '../../features/admin/routes/admin-panel-page';
import { connectCatalogEvents } from '../live-catalog';
import { isSigningOut } from '../sign-out';

/**
 * /super-panel-2025: the admin panel (admin feature) for the signed-in admin (accounts). The panel's lists follow
 * the live catalogue events (docs/product/admin.md §4: custom groups reload on any change to groups or memberships;
 * movie lists update live).
 */
export function AdminRoute() {
  const me = useMe();
  const qc = useQueryClient();
  const user = me.data?.user;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const refresh = (entities: Set<string>) => {
      if (entities.has('group')) void qc.invalidateQueries({ queryKey: ['admin', 'groups'] });
      if (entities.has('movie') || entities.has('group')) void qc.invalidateQueries({ queryKey: ['admin', 'movies'] });
      if (entities.has('series')) void qc.invalidateQueries({ queryKey: ['admin', 'series'] });
    };
    return connectCatalogEvents({
      onEvents: (events) => refresh(new Set(events.map((e) => e.entity))),
      onResync: () => refresh(new Set(['group', 'movie', 'series'])),
    });
  }, [qc]);
  if (!user) return <Redirect to={isSigningOut() ? '/' : '/login'} replace />;
  return <AdminPanelPage user={user} />;
}

export default AdminRoute;
