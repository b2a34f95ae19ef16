import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { loginBody } from '../../../../shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/error-message';
import { useLogin } from '../api/login';
import { fieldMessage } from './field-message';
import { PasswordInput } from './password-input';

/** Email and password sign-in (viewer spec sections 2 and 5). */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof loginBody>, unknown, z.output<typeof loginBody>>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await loginMutation.mutateAsync(values);
      toast.success(t('auth.signInSuccess'), { description: t('auth.signInSuccessDescription') });
      onSuccess();
    } catch (error) {
      toast.error(t('auth.signInFailed'), { description: errorMessage(t, error) });
    }
  });

  const emailError = fieldMessage(t, 'emailRequired', errors.email);
  const passwordError = fieldMessage(t, 'passwordRequired', errors.password);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="login-email">{t('auth.email')}</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'login-email-error' : undefined}
          {...register('email')}
        />
        <FieldError id="login-email-error">{emailError}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="login-password">{t('auth.password')}</Label>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? 'login-password-error' : undefined}
          {...register('password')}
        />
        <FieldError id="login-password-error">{passwordError}</FieldError>
      </div>
      <Button type="submit" disabled={loginMutation.isPending} className="w-full">
        {loginMutation.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </form>
  );
}
