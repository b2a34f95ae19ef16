import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { loginBody } from '../../../../shared/contracts/accounts';
import { safeNextPath, SIGN_IN_PAGES } from '../../../../shared/domain/next-path';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/error-message';
import { useLogin } from '../api/login';
import { fieldMessage } from './field-message';
import { BUSY_BUTTON, BusyLabel, FormNotice, returnedErrorText, useFormReturn } from '../../../lib/form-return';
import { PasswordInput } from './password-input';

/** Where to go after signing in: a same-site path once normalised (shared/domain/next-path.ts, ADR 024), else undefined. */
function sameSitePath(value: unknown): string | undefined {
  return safeNextPath(value, SIGN_IN_PAGES) ?? undefined;
}

/**
 * Email and password sign-in (docs/product/viewer.md §2 and §5), with a link to /forgot-password.
 *
 * Before the app has loaded it is a plain form post to /api/accounts/login (docs/decisions/024-forms-before-
 * hydration.md): the server answers 303 to `next` (the protected page the viewer came from) or back to
 * /login?error=..., whose error, address and `next` this form shows again; `registered=1` (after a register form
 * post) shows the account was made. Once the app runs it sends JSON and shows toasts as before.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const location = useLocation();
  const returned = useFormReturn();
  const [returnShown, setReturnShown] = useState(true);
  const next = sameSitePath((location.state as { from?: string } | null)?.from) ?? sameSitePath(returned.value('next'));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof loginBody>, unknown, z.output<typeof loginBody>>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: returned.value('email'), password: '' },
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

  const fromServer = (field: 'email' | 'password') => (returnShown && returned.invalid.has(field) ? { type: 'server' } : undefined);
  const emailError = fieldMessage(t, 'emailRequired', errors.email ?? fromServer('email'));
  const passwordError = fieldMessage(t, 'passwordRequired', errors.password ?? fromServer('password'));
  const pending = loginMutation.isPending;

  return (
    <form
      method="post"
      action="/api/accounts/login"
      data-busy-on-submit=""
      aria-busy={pending || undefined}
      onSubmit={(e) => {
        setReturnShown(false);
        void onSubmit(e);
      }}
      noValidate
      className="group/form grid gap-4"
    >
      {returnShown && returned.code ? (
        <FormNotice kind="error" title={t('auth.signInFailed')}>
          {returnedErrorText(t, returned.code, returned.retryAfterSeconds)}
        </FormNotice>
      ) : returnShown && returned.value('registered') === '1' ? (
        <FormNotice kind="success" title={t('auth.signUpSuccess')}>
          {t('auth.login.registered')}
        </FormNotice>
      ) : null}
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <div className="grid gap-2">
        <Label htmlFor="login-email">{t('auth.email')}</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'login-email-error' : undefined}
          // Drawn on the server too (react-hook-form fills the field only once it runs): the address sent back.
          defaultValue={returned.value('email')}
          {...register('email')}
        />
        <FieldError id="login-email-error">{emailError}</FieldError>
      </div>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <Label htmlFor="login-password">{t('auth.password')}</Label>
          <Link to="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? 'login-password-error' : undefined}
          {...register('password')}
        />
        <FieldError id="login-password-error">{passwordError}</FieldError>
      </div>
      <Button type="submit" disabled={pending} className={`w-full ${BUSY_BUTTON}`}>
        <BusyLabel busy={pending} idle={t('auth.signIn')} working={t('auth.signingIn')} />
      </Button>
    </form>
  );
}
