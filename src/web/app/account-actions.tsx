import { LogOut, Settings, Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../components/ui/button';
import { isAdminRole, useMe } from '../features/accounts/api/get-me';
import { useLogout } from '../features/accounts/api/logout';
import { cn } from '../lib/cn';
import { errorMessage } from '../lib/error-message';

/** Signed in: greeting, Admin Panel (admins only), settings (issue 5), Log out. Signed out: Log in and Register. */
export function AccountActions({ vertical = false, onAction }: { vertical?: boolean; onAction?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const logout = useLogout();
  const user = me.data?.user;
  const layout = cn('flex gap-2', vertical ? 'flex-col items-stretch [&>a]:justify-start [&>button]:justify-start' : 'items-center');

  if (me.isPending) return null;

  if (!user) {
    return (
      <div className={layout}>
        <Button asChild variant="ghost" size="sm">
          <Link to="/login" onClick={onAction}>
            {t('nav.login')}
          </Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/register" onClick={onAction}>
            {t('nav.register')}
          </Link>
        </Button>
      </div>
    );
  }

  const onLogout = async () => {
    try {
      await logout.mutateAsync();
      toast.success(t('auth.loggedOut'), { description: t('auth.loggedOutText') });
      onAction?.();
      navigate('/');
    } catch (error) {
      toast.error(t('auth.signOutFailed'), { description: errorMessage(t, error) });
    }
  };

  return (
    <div className={layout}>
      <span className="max-w-40 truncate px-1 text-sm text-muted-foreground" data-testid="greeting">
        {t('nav.greeting', { name: user.email.split('@')[0] })}
      </span>
      {isAdminRole(user.role) && (
        <Button asChild variant="outline" size="sm">
          <Link to="/super-panel-2025" onClick={onAction}>
            <Shield aria-hidden="true" />
            {t('nav.adminPanel')}
          </Link>
        </Button>
      )}
      <Button asChild variant="ghost" size="sm" aria-label={vertical ? undefined : t('nav.settings')} title={t('nav.settings')}>
        <Link to="/settings" onClick={onAction}>
          <Settings aria-hidden="true" />
          {vertical && t('nav.settings')}
        </Link>
      </Button>
      <Button variant="ghost" size="sm" onClick={() => void onLogout()} disabled={logout.isPending}>
        <LogOut aria-hidden="true" />
        {t('nav.logout')}
      </Button>
    </div>
  );
}
