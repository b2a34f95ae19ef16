import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/** /forgot-password (ADR 021): ask for a reset link by email or a code by SMS. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">{t('recovery.forgotTitle')}</CardTitle>
          <CardDescription>{t('recovery.forgotSubtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ForgotPasswordForm />
          <p className="text-center text-sm text-muted-foreground">
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('recovery.backToLogin')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

export default ForgotPasswordPage;
