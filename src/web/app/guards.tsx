import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Redirect } from '../lib/redirect';
import { Spinner } from '../components/ui/spinner';
import { isAdminRole, useMe } from '../features/accounts/api/get-me';
import { isSigningOut } from './sign-out';

/**
 * Signed-out visitors go to /login; the page they wanted comes back after signing in. A visitor who just pressed
 * Log out goes to / instead (docs/product/viewer.md §2; sign-out.ts).
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <Spinner label={t('common.loading')} />;
  if (me.isError) throw me.error;
  if (!me.data.user) return isSigningOut() ? <Redirect to="/" replace /> : <Redirect to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Inside RequireAuth: anyone but an admin or super admin goes to /. The server checks again on every call. */
export function RequireAdmin() {
  const me = useMe();
  if (!isAdminRole(me.data?.user?.role)) return <Redirect to="/" replace />;
  return <Outlet />;
}
