import { useState, type ComponentProps, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import { claimWithAccountBody, type ClaimedGiftView } from '../../../../shared/contracts/gifts';
import { parseVoucherCode } from '../../../../shared/domain/voucher-code';
import { Button } from '../../../components/ui/button';
import { CodeField } from '../../../components/ui/code-field';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { fieldErrors, isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { accountCreated, useClaimWithAccount } from '../api/claim-with-account';

/** A password field (the app layer passes the accounts feature's, with its show/hide toggle). */
export type PasswordField = ComponentType<Omit<ComponentProps<'input'>, 'type'>>;
type Field = 'fullName' | 'email' | 'password';
const FIELDS: readonly Field[] = ['fullName', 'email', 'password'];

/** /login, coming back to this gift's page once signed in (`next`, ADR 024), with the email filled in when known. */
export function signInHref(code: string, email?: string): string {
  const q = new URLSearchParams({ next: `/gift?${new URLSearchParams({ code })}` });
  if (email) q.set('email', email);
  return `/login?${q}`;
}

/**
 * The signed-out claim of /gift (docs/decisions/046-gifts.md, amended 2026-11-29; docs/product/viewer.md §11): the
 * code from the link (its check character read before anything is sent), full name, email and password, sent to
 * POST /api/gifts/claim-with-account, which makes the account, signs it in and claims the gift. Field rules are
 * registration's (src/shared/contracts/gifts.ts `claimWithAccountBody`), their messages `validation.<field>`; a
 * taken email says to sign in, and "I already have an account: sign in" leads to /login and back here with the code.
 * Calls `onClaimed` with the new account and what the gift added.
 */
export function NewAccountClaim({ code, onCode, PasswordInput, onClaimed }: { code: string; onCode: (v: string) => void; PasswordInput: PasswordField; onClaimed: (user: SessionUser, claimed: ClaimedGiftView) => void }) {
  const { t } = useTranslation();
  const claim = useClaimWithAccount();
  const [values, setValues] = useState<Record<Field, string>>({ fullName: '', email: '', password: '' });
  const [problems, setProblems] = useState<Partial<Record<Field | 'code' | 'form', string>>>({});
  const [takenEmail, setTakenEmail] = useState<string | undefined>();
  const [lost, setLost] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseVoucherCode(code);
    const checked = claimWithAccountBody.safeParse({ ...values, code });
    const found: typeof problems = {};
    if (!parsed.ok) found.code = t('errors.gift_malformed');
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = issue.path[0] as Field;
      if (FIELDS.includes(field)) found[field] ??= issue.code === 'too_big' ? t('validation.tooLong') : t(`validation.${field}`);
    }
    setProblems(found);
    if (!parsed.ok || !checked.success || Object.keys(found).length) return;
    try {
      const res = await claim.mutateAsync({ ...checked.data, code: parsed.code });
      onClaimed(res.user, res.claimed);
    } catch (err) {
      // The account was made, but the gift went to someone else first: no second account from this form.
      if (accountCreated(err)) return setLost(t('gifts.accountCreatedNotClaimed'));
      if (isApiError(err, 'email_taken')) {
        setTakenEmail(checked.data.email);
        return setProblems({ email: t('gifts.emailTaken') });
      }
      if (isApiError(err, 'weak_password')) return setProblems({ password: t('errors.weak_password') });
      const byField = Object.entries(fieldErrors(err)).filter(([f]) => (FIELDS as readonly string[]).includes(f));
      if (byField.length) return setProblems(Object.fromEntries(byField.map(([f]) => [f, t(`validation.${f}`)])));
      // The gift's own refusals (gift_unknown, gift_claimed, gift_expired, gift_locked) are about the code.
      const text = errorMessage(t, err);
      return setProblems(isApiError(err) && err.code.startsWith('gift_') ? { code: text } : { form: text });
    }
  };

  if (lost) {
    return (
      <div className="grid gap-3" role="alert" data-testid="gift-lost">
        <p className="text-sm">{lost}</p>
        <Button asChild>
          <Link to="/movies">{t('gifts.startWatching')}</Link>
        </Button>
      </div>
    );
  }

  const field = (name: Field) => ({
    id: `gift-${name}`,
    name,
    value: values[name],
    onChange: (ev: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: ev.target.value })),
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `gift-${name}-error` : undefined,
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4" data-testid="gift-new-account">
      <CodeField id="gift-code" name="code" label={t('gifts.codeLabel')} value={code} onChange={onCode} problem={problems.code ?? null} />
      <div className="grid gap-2">
        <Label htmlFor="gift-fullName">{t('auth.fullName')}</Label>
        <Input autoComplete="name" {...field('fullName')} />
        <FieldError id="gift-fullName-error">{problems.fullName}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="gift-email">{t('auth.email')}</Label>
        <Input type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <FieldError id="gift-email-error">{problems.email}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="gift-password">{t('auth.password')}</Label>
        <PasswordInput autoComplete="new-password" {...field('password')} />
        <FieldError id="gift-password-error">{problems.password}</FieldError>
      </div>
      <FieldError id="gift-form-error">{problems.form}</FieldError>
      <Button type="submit" disabled={claim.isPending} className="w-full">
        {claim.isPending ? t('gifts.claimingWithAccount') : t('gifts.claimWithAccount')}
      </Button>
      <p className="text-center text-sm">
        <Link to={signInHref(code, takenEmail)} className="font-medium text-primary underline-offset-4 hover:underline">
          {t('gifts.haveAccountSignIn')}
        </Link>
      </p>
    </form>
  );
}
