import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/contracts/accounts';
import { RESET_CODE_DIGITS } from '../../../../shared/contracts/recovery';
import { parseRwandaMsisdn } from '../../../../shared/domain/msisdn';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useResetPassword } from '../api/recovery';
import { PasswordInput } from './password-input';

type Field = 'phone' | 'code' | 'password' | 'confirmPassword' | 'form';

/** The locale keys (under `recovery.`) of what is wrong with the fields before sending; empty when all is well. */
export function resetFormProblems(v: { token?: string | null; phone: string; code: string; password: string; confirmPassword: string }): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  if (!v.token) {
    if (!parseRwandaMsisdn(v.phone.trim())) out.phone = 'invalidPhone';
    if (!new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`).test(v.code.trim())) out.code = 'invalidCode';
  }
  if (v.password.length < PASSWORD_MIN_LENGTH) out.password = 'passwordTooShort';
  else if (v.password !== v.confirmPassword) out.confirmPassword = 'passwordMismatch';
  return out;
}

/**
 * Sets a new password (ADR 021): with the email link's `token`, or with the phone number and the SMS code.
 * `onDone` runs once the password is changed (every session of the account has then ended).
 */
export function ResetPasswordForm({ token, phone: initialPhone, onDone }: { token: string | null; phone?: string; onDone: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [values, setValues] = useState({ phone: initialPhone ?? '', code: '', password: '', confirmPassword: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});

  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const local = resetFormProblems({ token, ...values });
    setProblems(Object.fromEntries(Object.entries(local).map(([k, key]) => [k, t(`recovery.${key}`)])));
    if (Object.keys(local).length) return;
    try {
      if (token) await reset.mutateAsync({ kind: 'link', body: { token, password: values.password, confirmPassword: values.confirmPassword } });
      else await reset.mutateAsync({ kind: 'code', body: { phone: values.phone.trim(), code: values.code.trim(), password: values.password, confirmPassword: values.confirmPassword } });
      onDone();
    } catch (err) {
      const text = errorMessage(t, err);
      if (isApiError(err, 'weak_password')) setProblems({ password: text });
      else if (isApiError(err, 'password_mismatch')) setProblems({ confirmPassword: text });
      else if (isApiError(err, 'reset_code_invalid')) setProblems({ code: text });
      else if (isApiError(err, 'invalid_msisdn')) setProblems({ phone: text });
      else setProblems({ form: text });
    }
  };

  const field = (id: Field) => ({
    'aria-invalid': problems[id] ? true : undefined,
    'aria-describedby': problems[id] ? `reset-${id}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {!token && (
        <>
          <div className="grid gap-2">
            <Label htmlFor="reset-phone">{t('recovery.phone')}</Label>
            <Input id="reset-phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" value={values.phone} onChange={set('phone')} {...field('phone')} />
            <FieldError id="reset-phone-error">{problems.phone}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="reset-code">{t('recovery.code')}</Label>
            <Input id="reset-code" name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={RESET_CODE_DIGITS} value={values.code} onChange={set('code')} {...field('code')} />
            <FieldError id="reset-code-error">{problems.code}</FieldError>
          </div>
        </>
      )}
      <div className="grid gap-2">
        <Label htmlFor="reset-password">{t('recovery.newPassword')}</Label>
        <PasswordInput id="reset-password" name="password" autoComplete="new-password" value={values.password} onChange={set('password')} {...field('password')} />
        <FieldError id="reset-password-error">{problems.password}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="reset-confirmPassword">{t('recovery.confirmPassword')}</Label>
        <PasswordInput id="reset-confirmPassword" name="confirmPassword" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} {...field('confirmPassword')} />
        <FieldError id="reset-confirmPassword-error">{problems.confirmPassword}</FieldError>
      </div>
      <FieldError id="reset-form-error">{problems.form}</FieldError>
      <Button type="submit" disabled={reset.isPending} className="w-full">
        {reset.isPending ? t('recovery.saving') : t('recovery.save')}
      </Button>
    </form>
  );
}
