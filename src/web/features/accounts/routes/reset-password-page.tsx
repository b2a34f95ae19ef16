import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api-client';
import { useResetLinkCheck } from '../api/recovery';
import { ResetPasswordForm } from '../components/reset-password-form';

/**
 * /reset-password (ADR 021): the email link lands here with `?token=`; without a token the SMS way asks for the
 * phone number (prefilled from `?phone=`), the code and the new password. Afterwards the viewer signs in afresh.
 * A form post answered by the server comes back here with `done=1`, or with its error (ResetPasswordForm).
 * A link is checked when the page opens (on the server too): a used, expired or unknown one says so at once, with a
 * way to ask for a new one, instead of taking the new password first (docs/decisions/055-a-new-viewers-findings.md).
 * Any other failure of the check (limits, the server down) leaves the form, whose answer then says what happened.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // The token is kept in state and taken out of the address bar, so it stays out of history and shared screens.
  const [token] = useState(() => params.get('token'));
  const [phone] = useState(() => params.get('phone') ?? undefined);
  // `done=1`: a form post set the password before the app had loaded (docs/decisions/024-forms-before-hydration.md).
  const [done, setDone] = useState(() => params.get('done') === '1');
  const check = useResetLinkCheck(done ? null : token);
  const linkDead = isApiError(check.error, 'reset_link_invalid') || isApiError(check.error, 'validation_failed');
  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">{done ? t('recovery.doneTitle') : linkDead ? t('recovery.linkInvalidTitle') : t('recovery.resetTitle')}</CardTitle>
          {!done && !linkDead && <CardDescription>{token ? t('recovery.resetSubtitleLink') : t('recovery.resetSubtitleCode')}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {done ? (
            <div className="grid gap-4" role="status" data-testid="reset-done">
              <p className="text-sm">{t('recovery.done')}</p>
              <Button asChild>
                <Link to="/login">{t('recovery.signIn')}</Link>
              </Button>
            </div>
          ) : linkDead ? (
            <div className="grid gap-4" role="alert" data-testid="reset-link-invalid">
              <p className="text-sm">{t('errors.reset_link_invalid')}</p>
              <Button asChild>
                <Link to="/forgot-password">{t('recovery.askNew')}</Link>
              </Button>
            </div>
          ) : (
            <>
              <ResetPasswordForm token={token} phone={phone} onDone={() => setDone(true)} />
              <p className="text-center text-sm text-muted-foreground">
                <Link to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
                  {t('recovery.askNew')}
                </Link>
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export default ResetPasswordPage;
