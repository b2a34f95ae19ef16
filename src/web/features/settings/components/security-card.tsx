import { KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from './password-field';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The password rules of docs/product/viewer.md §5, checked before any request: new and confirm must match ("Password
 * Mismatch"), then at least 6 characters ("Password Too Short"). Returns the toast to show, or null when valid.
 */
export function passwordProblem(newPassword: string, confirmPassword: string): 'mismatch' | 'tooShort' | null {
  if (newPassword !== confirmPassword) return 'mismatch';
  if (newPassword.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  return null;
}

/**
 * Security card (docs/product/viewer.md §2, §5 and §8): Change Password opens a form (current, new and confirm
 * password, each with show/hide; Update Password and Cancel). Success: "Password Updated", fields cleared, form
 * closed, and the viewer is told every other device was signed out (the server does that).
 */
export function SecurityCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const change = useChangePassword();
  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });
  const close = () => {
    setForm(EMPTY);
    setOpen(false);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.securityTitle')}</CardTitle>
        <CardDescription>{t('settings.securityText')}</CardDescription>
      </CardHeader>
      <CardContent>
        {!open ? (
          <Button variant="outline" onClick={() => setOpen(true)}>
            <KeyRound aria-hidden="true" />
            {t('settings.changePassword')}
          </Button>
        ) : (
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const problem = passwordProblem(form.newPassword, form.confirmPassword);
              if (problem === 'mismatch') return void toast.error(t('settings.passwordMismatch'), { description: t('settings.passwordMismatchText') });
              if (problem === 'tooShort') return void toast.error(t('settings.passwordTooShort'), { description: t('settings.passwordTooShortText') });
              if (!form.currentPassword) return void toast.error(t('settings.passwordUpdateFailed'), { description: t('settings.currentPasswordRequired') });
              change.mutate(form, {
                onSuccess: () => {
                  toast.success(t('settings.passwordUpdated'), { description: t('settings.passwordUpdatedText') });
                  close();
                },
                onError: (error) => {
                  if (isApiError(error, 'password_mismatch')) toast.error(t('settings.passwordMismatch'), { description: t('settings.passwordMismatchText') });
                  // The server also refuses common passwords and the email or name (ADR 018): its message says why.
                  else if (isApiError(error, 'weak_password')) toast.error(t('settings.passwordUpdateFailed'), { description: t('errors.weak_password') });
                  else {
                    const message = isApiError(error) && error.status < 500 ? errorMessage(t, error) : t('settings.passwordUpdateFailedText');
                    toast.error(t('settings.passwordUpdateFailed'), { description: message });
                  }
                },
              });
            }}
          >
            <PasswordField id="settings-current-password" label={t('settings.currentPassword')} autoComplete="current-password" required {...field('currentPassword')} />
            <PasswordField id="settings-new-password" label={t('settings.newPassword')} autoComplete="new-password" required {...field('newPassword')} />
            <PasswordField id="settings-confirm-password" label={t('settings.confirmNewPassword')} autoComplete="new-password" required {...field('confirmPassword')} />
            <p className="text-xs text-muted-foreground">{t('settings.otherSessionsNote')}</p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button type="button" variant="outline" onClick={close} disabled={change.isPending}>
                {t('settings.cancel')}
              </Button>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                {t('settings.updatePassword')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
