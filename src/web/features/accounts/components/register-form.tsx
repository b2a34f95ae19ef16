import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { registerBody } from '../../../../shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { fieldErrors, isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useRegister } from '../api/register';
import { fieldMessage } from './field-message';
import { BUSY_BUTTON, BusyLabel, FormNotice, returnedErrorText, useFormReturn } from '../../../lib/form-return';
import { PasswordInput } from './password-input';

type Input = z.input<typeof registerBody>;
const FIELDS = ['fullName', 'phone', 'email', 'password', 'confirmPassword'] as const;

/**
 * Sign-up (docs/product/viewer.md §2 and §5): full name, optional phone, email, password and confirmation.
 * Submit stays disabled while the password and its confirmation differ.
 *
 * Before the app has loaded it is a plain form post to /api/accounts/register (docs/decisions/024-forms-before-
 * hydration.md): the server answers 303 to /login?registered=1, or back to /register?error=... with the fields
 * typed (never the passwords), which this form shows again with the translated error. Once the app runs it sends
 * JSON; a refusal naming a field is said under it only, others in a toast (ADR 055). The phone, when given, must be
 * an operator's number (`registerBody`, ADR 055). `next` (a same-site path, already checked by the caller) travels in a hidden field
 * so the sign-in that follows goes back to the page the visitor came from (ADR 054); `onSuccess` gets the address.
 */
export function RegisterForm({ onSuccess, next }: { onSuccess: (email: string) => void; next?: string | null }) {
  const { t } = useTranslation();
  const registerMutation = useRegister();
  const returned = useFormReturn();
  const [returnShown, setReturnShown] = useState(true);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, z.output<typeof registerBody>>({
    resolver: zodResolver(registerBody),
    defaultValues: { fullName: returned.value('fullName'), phone: returned.value('phone'), email: returned.value('email'), password: '', confirmPassword: '' },
  });
  const passwordsDiffer = watch('password') !== watch('confirmPassword');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registerMutation.mutateAsync(values);
      // The sign-in page says the account is ready (`registered=1`), as after a form post: no toast besides.
      onSuccess(values.email);
    } catch (error) {
      // A refusal that names a field is said once, under it (ADR 055); the rest (limits, the server down) in a toast.
      let named = false;
      if (isApiError(error, 'email_taken')) {
        setError('email', { type: 'server', message: t('errors.email_taken') }, { shouldFocus: true });
        named = true;
      }
      // Too short, common, or the email or name (ADR 018): shown under the password, which the server names.
      if (isApiError(error, 'weak_password')) {
        setError('password', { type: 'server', message: t('errors.weak_password') }, { shouldFocus: true });
        named = true;
      }
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        if ((FIELDS as readonly string[]).includes(field)) {
          setError(field as FieldPath<Input>, { type: 'server', message: t(`validation.${field}`, { defaultValue: message }) }, { shouldFocus: !named });
          named = true;
        }
      }
      if (!named) toast.error(t('auth.signUpFailed'), { description: errorMessage(t, error) });
    }
  });

  /** The error of a field the server named in the URL (a form post sent back; email_taken and weak_password name theirs). */
  const returnedError = (name: (typeof FIELDS)[number]) => {
    if (!returnShown) return undefined;
    if (name === 'email' && returned.code === 'email_taken') return { type: 'server', message: t('errors.email_taken') };
    if (name === 'password' && returned.code === 'weak_password') return { type: 'server', message: t('errors.weak_password') };
    return returned.invalid.has(name) ? { type: 'server' } : undefined;
  };
  const field = (name: (typeof FIELDS)[number]) => {
    const message = fieldMessage(t, name, errors[name] ?? returnedError(name));
    const id = `register-${name}`;
    return {
      id,
      message,
      inputProps: {
        id,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': message ? `${id}-error` : undefined,
        // Drawn on the server too (react-hook-form fills fields only once it runs): what a form post sent back.
        ...(name === 'password' || name === 'confirmPassword' ? {} : { defaultValue: returned.value(name) }),
        ...register(name),
      },
    };
  };
  const fullName = field('fullName');
  const phone = field('phone');
  const email = field('email');
  const password = field('password');
  const confirm = field('confirmPassword');

  return (
    <form
      method="post"
      action="/api/accounts/register"
      data-busy-on-submit=""
      aria-busy={registerMutation.isPending || undefined}
      onSubmit={(e) => {
        setReturnShown(false);
        void onSubmit(e);
      }}
      noValidate
      className="group/form grid gap-4"
    >
      {next ? <input type="hidden" name="next" value={next} /> : null}
      {returnShown && returned.code ? (
        <FormNotice kind="error" title={t('auth.signUpFailed')}>
          {returnedErrorText(t, returned.code, returned.retryAfterSeconds)}
        </FormNotice>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={fullName.id}>{t('auth.fullName')}</Label>
        <Input autoComplete="name" {...fullName.inputProps} />
        <FieldError id={`${fullName.id}-error`}>{fullName.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={phone.id}>{t('auth.phoneOptional')}</Label>
        <Input type="tel" autoComplete="tel" inputMode="tel" {...phone.inputProps} />
        <FieldError id={`${phone.id}-error`}>{phone.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={email.id}>{t('auth.email')}</Label>
        <Input type="email" autoComplete="email" inputMode="email" {...email.inputProps} />
        <FieldError id={`${email.id}-error`}>{email.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={password.id}>{t('auth.password')}</Label>
        <PasswordInput autoComplete="new-password" {...password.inputProps} />
        <FieldError id={`${password.id}-error`}>{password.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={confirm.id}>{t('auth.confirmPassword')}</Label>
        <PasswordInput autoComplete="new-password" {...confirm.inputProps} />
        <FieldError id={`${confirm.id}-error`}>
          {confirm.message ?? (passwordsDiffer && watch('confirmPassword') ? t('validation.confirmPassword') : undefined)}
        </FieldError>
      </div>
      <Button type="submit" disabled={passwordsDiffer || registerMutation.isPending} className={`w-full ${BUSY_BUTTON}`}>
        <BusyLabel busy={registerMutation.isPending} idle={t('auth.createAccount')} working={t('auth.creatingAccount')} />
      </Button>
    </form>
  );
}
