import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { safeNextPath, SIGN_IN_PAGES } from '../../../../shared/domain/next-path';
import { LoginForm } from '../components/login-form';

/**
 * /login. Success goes to / (or back to the protected page that sent the viewer here: the router's state when the
 * app redirected, else `?next=` as in a link such as /login?next=/redeem — the same page the form post's 303 goes to).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  // The same rule as the form's hidden `next` and the server's 303 (shared/domain/next-path.ts, ADR 024).
  const target = safeNextPath(from, SIGN_IN_PAGES) ?? safeNextPath(new URLSearchParams(location.search).get('next'), SIGN_IN_PAGES) ?? '/';

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">{t('auth.signInTitle')}</CardTitle>
          <CardDescription>{t('auth.signInSubtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <LoginForm onSuccess={() => navigate(target, { replace: true })} />
          <p className="text-center text-sm text-muted-foreground">
            {t('auth.noAccount')}{' '}
            <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('auth.register')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

export default LoginPage;
