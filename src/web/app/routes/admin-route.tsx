import { Navigate } from 'react-router';
import { useMe } from '../../features/accounts/api/get-me';
import { AdminPanelPage } from '../../features/admin/routes/admin-panel-page';

/** /super-panel-2025: the admin panel (admin feature) for the signed-in admin (accounts). */
export function AdminRoute() {
  const me = useMe();
  const user = me.data?.user;
  if (!user) return <Navigate to="/login" replace />;
  return <AdminPanelPage user={user} />;
}

export default AdminRoute;
