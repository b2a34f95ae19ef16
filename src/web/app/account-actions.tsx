import { ChartColumn, LogOut, Settings, Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../components/ui/button';
import { isAdminRole, useMe } from '../features/accounts/api/get-me';
import { useLogout } from '../features/accounts/api/logout';
import { cn } from '../lib/cn';
import { errorMessage } from '../lib/error-message';
import { setSigningOut } from './sign-out';

/**
 * Signed in: greeting, Admin Panel (admins only), Studio (translators only), settings, Log out. Signed out: Log in and Register (docs/product/viewer.md
 * §2 "Header"). Log out lands on `/` from any page, protected or not (sign-out.ts keeps the guards from
 * sending the visitor to /login on the way).
 */
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
    setSigningOut(true);
    try {
      await logout.mutateAsync();
      toast.success(t('auth.loggedOut'), { description: t('auth.loggedOutText') });
      onAction?.();
      navigate('/');
    } catch (error) {
      setSigningOut(false);
      toast.error(t('auth.signOutFailed'), { description: errorMessage(t, error) });
    }
  };

  return (
    <div className={layout}>
      <span className={cn('truncate px-1 text-sm text-muted-foreground', vertical ? 'max-w-full' : 'max-w-20 2xl:max-w-40')} data-testid="greeting">
        {t('nav.greeting', { name: user.email.split('@')[0] })}
      </span>
      {isAdminRole(user.role) && (
        <Button asChild variant="outline" size="sm">
          <Link to="/super-panel-2025" onClick={onAction}>
            <Shield aria-hidden="true" />
            {/* The spec's "Admin Panel" button has its words wherever the row shows (from 1280 px; the greeting is cut
                shorter there to leave them room); below, the account menu and the small-screen menu name it. */}
            <span>{t('nav.adminPanel')}</span>
          </Link>
        </Button>
      )}
      {user.role === 'translator' && (
        // A translator's studio (docs/decisions/047-translators-as-people.md).
        <Button asChild variant="outline" size="sm" title={t('studio.link')}>
          <Link to="/studio" onClick={onAction} data-testid="studio-link">
            <ChartColumn aria-hidden="true" />
            {t('studio.link')}
          </Link>
        </Button>
      )}
      <Button asChild variant="ghost" size="sm" aria-label={vertical ? undefined : t('nav.settings')} title={t('nav.settings')}>
        <Link to="/settings" onClick={onAction}>
          <Settings aria-hidden="true" />
          {vertical && t('nav.settings')}
        </Link>
      </Button>
      <Button variant="ghost" size="sm" onClick={() => void onLogout()} disabled={logout.isPending} data-testid="logout">
        <LogOut aria-hidden="true" />
        {t('nav.logout')}
      </Button>
    </div>
  );
}
