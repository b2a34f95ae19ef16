import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Redirect } from '../lib/redirect';
import { Spinner } from '../components/ui/spinner';
import { isAdminRole, useMe } from '../features/accounts/api/get-me';
import { signInPath, type SignInReason } from '../lib/sign-in';
import { isSigningOut } from './sign-out';

/**
 * Signed-out visitors go to /login?next=<the page they wanted>&reason=<reason>: the sign-in page says why and offers
 * registration, and the page they wanted comes back after signing in. The move is in the address (no router state),
 * so the server answers it with a 302 and draws the sign-in page (ADR 014, ADR 054). A visitor who just pressed Log
 * out goes to / instead (docs/product/viewer.md §2; sign-out.ts).
 */
export function RequireAuth({ reason = 'account' }: { reason?: SignInReason }) {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <Spinner label={t('common.loading')} />;
  if (me.isError) throw me.error;
  if (!me.data.user) return isSigningOut() ? <Redirect to="/" replace /> : <Redirect to={signInPath(location.pathname + location.search, reason)} replace />;
  return <Outlet />;
}

/** Inside RequireAuth: anyone but an admin or super admin goes to /. The server checks again on every call. */
export function RequireAdmin() {
  const me = useMe();
  if (!isAdminRole(me.data?.user?.role)) return <Redirect to="/" replace />;
  return <Outlet />;
}
