import { KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { fieldErrors, isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from './password-field';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type PasswordFieldName = keyof typeof EMPTY;
/** Each field's error text (already translated); a field without one is valid. */
export type PasswordProblems = Partial<Record<PasswordFieldName, string>>;
const FIELD_IDS: Record<PasswordFieldName, string> = { currentPassword: 'settings-current-password', newPassword: 'settings-new-password', confirmPassword: 'settings-confirm-password' };

/**
 * The password rules checked before any request, each under its own field, as locale keys
 * (docs/product/viewer.md §5; docs/decisions/055-a-new-viewers-findings.md): the current password is required; the
 * new one has at least 6 characters ("Password must be at least 6 characters long."), differs from the current one,
 * and its confirmation matches ("New passwords do not match."). Empty when all is well.
 */
export function passwordProblems(form: typeof EMPTY): Partial<Record<PasswordFieldName, string>> {
  const out: Partial<Record<PasswordFieldName, string>> = {};
  if (!form.currentPassword) out.currentPassword = 'settings.currentPasswordRequired';
  if (form.newPassword.length < PASSWORD_MIN_LENGTH) out.newPassword = 'settings.passwordTooShortText';
  else if (form.currentPassword && form.newPassword === form.currentPassword) out.newPassword = 'errors.same_password';
  if (form.newPassword !== form.confirmPassword) out.confirmPassword = 'settings.passwordMismatchText';
  return out;
}

/** The field a refusal of POST /api/accounts/password belongs to (the server names it too: details.fields). */
const FIELD_OF_CODE: Record<string, PasswordFieldName> = { wrong_password: 'currentPassword', weak_password: 'newPassword', same_password: 'newPassword', password_mismatch: 'confirmPassword' };

/**
 * Security card (docs/product/viewer.md §2, §5 and §8): Change Password opens a form (current, new and confirm
 * password, each with show/hide; Update Password and Cancel). What is wrong with a field is said under it, the field
 * marked invalid, the first such field focused; toasts are kept for outcomes (ADR 055): "Password Updated" (fields
 * cleared, form closed, and the viewer told every other device was signed out, which the server does), or "Password
 * Update Failed" when the server could not do it.
 */
export function SecurityCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [problems, setProblems] = useState<PasswordProblems>({});
  const change = useChangePassword();
  const field = (name: PasswordFieldName) => ({
    id: FIELD_IDS[name],
    value: form[name],
    error: problems[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      setProblems(({ [name]: _, ...rest }) => rest);
    },
  });
  const close = () => {
    setForm(EMPTY);
    setProblems({});
    setOpen(false);
  };
  const show = (found: PasswordProblems) => {
    setProblems(found);
    const first = (Object.keys(FIELD_IDS) as PasswordFieldName[]).find((k) => found[k]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
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
              const local = passwordProblems(form);
              if (Object.keys(local).length) return show(Object.fromEntries(Object.entries(local).map(([k, key]) => [k, t(key)])));
              setProblems({});
              change.mutate(form, {
                onSuccess: () => {
                  toast.success(t('settings.passwordUpdated'), { description: t('settings.passwordUpdatedText') });
                  close();
                },
                onError: (error) => {
                  const named = isApiError(error) ? FIELD_OF_CODE[error.code] : undefined;
                  // The server also refuses common passwords and the email or name (ADR 018): its message says why.
                  if (named) return show({ [named]: errorMessage(t, error) });
                  const fields = Object.entries(fieldErrors(error)).filter(([k]) => k in FIELD_IDS);
                  if (fields.length) return show(Object.fromEntries(fields.map(([k]) => [k, k === 'currentPassword' ? t('settings.currentPasswordRequired') : t('validation.invalid')])));
                  const message = isApiError(error) && error.status < 500 ? errorMessage(t, error) : t('settings.passwordUpdateFailedText');
                  toast.error(t('settings.passwordUpdateFailed'), { description: message });
                },
              });
            }}
          >
            <PasswordField label={t('settings.currentPassword')} autoComplete="current-password" required {...field('currentPassword')} />
            <PasswordField label={t('settings.newPassword')} autoComplete="new-password" required {...field('newPassword')} />
            <PasswordField label={t('settings.confirmNewPassword')} autoComplete="new-password" required {...field('confirmPassword')} />
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
