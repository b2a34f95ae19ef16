import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
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
import { BUSY_BUTTON, BusyLabel, returnedErrorText, useFormReturn } from '../../../lib/form-return';
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

/** The field an error code of the reset routes belongs to; the rest are shown under the form. */
const FIELD_OF_CODE: Record<string, Field> = { weak_password: 'password', password_mismatch: 'confirmPassword', reset_code_invalid: 'code', invalid_msisdn: 'phone' };

/** The locale key (under `recovery.`) of a field the server named in a `validation_failed` answer. */
const INVALID_FIELD_TEXT: Partial<Record<Field, string>> = { phone: 'invalidPhone', code: 'invalidCode', password: 'passwordTooShort', confirmPassword: 'passwordMismatch' };

/**
 * What a form post answered by the server left in the URL (docs/decisions/024-forms-before-hydration.md), as the
 * problems to show: `validation_failed` under the fields it names, the other codes under their field or the form.
 */
export function returnedProblems(t: TFunction, code: string | null, invalid: ReadonlySet<string>, retryAfterSeconds?: number): Partial<Record<Field, string>> {
  if (!code) return {};
  const named = [...invalid].filter((f): f is Field => f in INVALID_FIELD_TEXT);
  if (code === 'validation_failed' && named.length) return Object.fromEntries(named.map((f) => [f, t(`recovery.${INVALID_FIELD_TEXT[f]!}`)]));
  return { [FIELD_OF_CODE[code] ?? 'form']: returnedErrorText(t, code, retryAfterSeconds) };
}

/**
 * Sets a new password (ADR 021): with the email link's `token`, or with the phone number and the SMS code.
 * `onDone` runs once the password is changed (every session of the account has then ended).
 *
 * Before the app has loaded it is a plain form post (docs/decisions/024-forms-before-hydration.md), the link's token
 * in a hidden field: the server answers 303 to /reset-password?done=1, or back with the error, the token or the
 * phone number (never a password or the code), which the form shows from the URL it was first drawn with.
 */
export function ResetPasswordForm({ token, phone: initialPhone, onDone }: { token: string | null; phone?: string; onDone: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const returned = useFormReturn();
  const [values, setValues] = useState({ phone: initialPhone ?? '', code: '', password: '', confirmPassword: '' });
  // Read once: the page takes the token (and with it the rest of the query) out of the address bar.
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>(() => returnedProblems(t, returned.code, returned.invalid, returned.retryAfterSeconds));

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
    <form
      method="post"
      action={token ? '/api/accounts/recovery/reset' : '/api/accounts/recovery/reset-code'}
      data-busy-on-submit=""
      aria-busy={reset.isPending || undefined}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="group/form grid gap-4"
    >
      {token ? <input type="hidden" name="token" value={token} /> : null}
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
      <Button type="submit" disabled={reset.isPending} className={`w-full ${BUSY_BUTTON}`}>
        <BusyLabel busy={reset.isPending} idle={t('recovery.save')} working={t('recovery.saving')} />
      </Button>
    </form>
  );
}
