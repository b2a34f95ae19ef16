import { zodResolver } from '@hookform/resolvers/zod';
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
import { PasswordInput } from './password-input';

type Input = z.input<typeof registerBody>;
const FIELDS = ['fullName', 'phone', 'email', 'password', 'confirmPassword'] as const;

/**
 * Sign-up (viewer spec sections 2 and 5): full name, optional phone, email, password and confirmation.
 * Submit stays disabled while the password and its confirmation differ.
 */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, z.output<typeof registerBody>>({
    resolver: zodResolver(registerBody),
    defaultValues: { fullName: '', phone: '', email: '', password: '', confirmPassword: '' },
  });
  const passwordsDiffer = watch('password') !== watch('confirmPassword');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registerMutation.mutateAsync(values);
      toast.success(t('auth.signUpSuccess'), { description: t('auth.signUpSuccessDescription') });
      onSuccess();
    } catch (error) {
      if (isApiError(error, 'email_taken')) {
        setError('email', { type: 'server', message: t('errors.email_taken') }, { shouldFocus: true });
      }
      // Too short, common, or the email or name (ADR 018): shown under the password, which the server names.
      if (isApiError(error, 'weak_password')) {
        setError('password', { type: 'server', message: t('errors.weak_password') }, { shouldFocus: true });
      }
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        if ((FIELDS as readonly string[]).includes(field)) {
          setError(field as FieldPath<Input>, { type: 'server', message: t(`validation.${field}`, { defaultValue: message }) });
        }
      }
      toast.error(t('auth.signUpFailed'), { description: errorMessage(t, error) });
    }
  });

  const field = (name: (typeof FIELDS)[number]) => {
    const message = fieldMessage(t, name, errors[name]);
    const id = `register-${name}`;
    return {
      id,
      message,
      inputProps: {
        id,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': message ? `${id}-error` : undefined,
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
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
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
      <Button type="submit" disabled={passwordsDiffer || registerMutation.isPending} className="w-full">
        {registerMutation.isPending ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
    </form>
  );
}
