import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { RegisterForm } from '../components/register-form';

/** /register. Success goes to /login. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">{t('auth.signUpTitle')}</CardTitle>
          <CardDescription>{t('auth.signUpSubtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <RegisterForm onSuccess={() => navigate('/login')} />
          <p className="text-center text-sm text-muted-foreground">
            {t('auth.haveAccount')}{' '}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('auth.signIn')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

export default RegisterPage;
