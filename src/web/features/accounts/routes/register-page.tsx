import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { signInPath } from '../../../lib/sign-in';
import { safeNextPath, SIGN_IN_PAGES } from '../../../../shared/domain/next-path';
import { RegisterForm } from '../components/register-form';

/**
 * /register. Success goes to /login (spec), with the address filled in and a line saying the account is ready (ADR 055); `?next=` (a same-site path, the page a
 * visitor was sent to sign in from: ADR 054) goes along, so signing in then returns there.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const next = safeNextPath(new URLSearchParams(location.search).get('next'), SIGN_IN_PAGES);
  // As the form post's 303 does: the sign-in page says the account is ready and has the address filled in (ADR 055).
  const toLogin = (email: string) => navigate(`/login?${new URLSearchParams({ registered: '1', email, ...(next ? { next } : {}) })}`);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">{t('auth.signUpTitle')}</CardTitle>
          <CardDescription>{t('auth.signUpSubtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <RegisterForm onSuccess={toLogin} next={next} />
          <p className="text-center text-sm text-muted-foreground">
            {t('auth.haveAccount')}{' '}
            <Link to={signInPath(next)} className="font-medium text-primary underline-offset-4 hover:underline">
              {t('auth.signIn')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

export default RegisterPage;
