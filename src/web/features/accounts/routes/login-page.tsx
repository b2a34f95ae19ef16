import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { signInPath, signInReason } from '../../../lib/sign-in';
import { safeNextPath, SIGN_IN_PAGES } from '../../../../shared/domain/next-path';
import { LoginForm } from '../components/login-form';

/**
 * /login. Success goes to / (or back to the page that sent the viewer here: the router's state when the app
 * redirected, else `?next=` as in a link such as /login?next=/redeem — the same page the form post's 303 goes to).
 *
 * The greeting never assumes the visitor has been here before (no "Welcome back"): a guard or a button that needs an
 * account sends `?reason=` (watch, watchlist, pay, account; lib/sign-in.tsx), which the title says ("Sign in to
 * watch"), and registration is offered as a button of its own that keeps `next`, so a new viewer comes back to the
 * page they were on (docs/decisions/054-visitors-see-the-catalogue.md).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const from = (location.state as { from?: unknown } | null)?.from;
  // The same rule as the form's hidden `next` and the server's 303 (shared/domain/next-path.ts, ADR 024).
  const next = safeNextPath(from, SIGN_IN_PAGES) ?? safeNextPath(search.get('next'), SIGN_IN_PAGES);
  const reason = signInReason(search.get('reason'));

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">{t(reason ? `auth.reason.${reason}` : 'auth.signInTitle')}</CardTitle>
          <CardDescription>{t(reason ? 'auth.reasonText' : 'auth.signInSubtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <LoginForm onSuccess={() => navigate(next ?? '/', { replace: true })} />
          <div className="grid gap-2 border-t pt-4 text-center">
            <p className="text-sm text-muted-foreground">{t('auth.newHere')}</p>
            <Button asChild variant="outline" size="lg" className="w-full">
              <Link to={signInPath(next, null, '/register')} data-testid="register-link">
                <UserPlus aria-hidden="true" />
                {t('auth.createFreeAccount')}
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

export default LoginPage;
