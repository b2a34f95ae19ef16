import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESET_CODE_DIGITS, RESET_CODE_MINUTES, RESET_LINK_MINUTES, recoveryEmailBody } from '../../../../shared/contracts/recovery';
import { parseRwandaMsisdn } from '../../../../shared/domain/msisdn';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/error-message';
import { useRequestReset } from '../api/recovery';

export type RecoveryChannel = 'email' | 'sms';

/** What the form checks before sending: a valid email, or a Rwandan MTN/Airtel number. Returns the locale key of the problem. */
export function recoveryInputProblem(channel: RecoveryChannel, value: string): 'invalidEmail' | 'invalidPhone' | null {
  if (channel === 'email') return recoveryEmailBody.safeParse({ email: value }).success ? null : 'invalidEmail';
  return parseRwandaMsisdn(value.trim()) ? null : 'invalidPhone';
}

/**
 * "Forgot password?" (ADR 021): by email (a link) or by SMS (a code to the profile's number). After sending, the
 * same text shows whatever the answer would reveal: it never says whether an account exists.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<RecoveryChannel>('email');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{ channel: RecoveryChannel; to: string } | null>(null);
  const request = useRequestReset();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = recoveryInputProblem(channel, value);
    setProblem(bad ? t(`recovery.${bad}`) : null);
    if (bad) return;
    try {
      await request.mutateAsync(channel === 'email' ? { channel, body: { email: value.trim() } } : { channel, body: { phone: value.trim() } });
      setSent({ channel, to: value.trim() });
    } catch (err) {
      setProblem(errorMessage(t, err));
    }
  };

  if (sent) {
    return (
      <div className="grid gap-4" role="status" data-testid="recovery-sent">
        <h2 className="text-lg font-semibold">{sent.channel === 'email' ? t('recovery.sentEmailTitle') : t('recovery.sentSmsTitle')}</h2>
        <p className="text-sm">
          {sent.channel === 'email'
            ? t('recovery.sentEmail', { email: sent.to, minutes: RESET_LINK_MINUTES })
            : t('recovery.sentSms', { phone: sent.to, digits: RESET_CODE_DIGITS, minutes: RESET_CODE_MINUTES })}
        </p>
        <p className="text-sm text-muted-foreground">{t('recovery.notReceived')}</p>
        <div className="flex flex-wrap gap-2">
          {sent.channel === 'sms' && (
            <Button asChild>
              <Link to={`/reset-password?phone=${encodeURIComponent(sent.to)}`}>{t('recovery.enterCode')}</Link>
            </Button>
          )}
          <Button variant="outline" onClick={() => setSent(null)}>
            {t('recovery.tryAgain')}
          </Button>
        </div>
      </div>
    );
  }

  const fieldId = channel === 'email' ? 'recovery-email' : 'recovery-phone';
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1" role="radiogroup" aria-label={t('recovery.channelLabel')}>
        {(['email', 'sms'] as const).map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={channel === c}
            onClick={() => {
              setChannel(c);
              setValue('');
              setProblem(null);
            }}
            className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-checked:bg-background aria-checked:text-foreground aria-checked:shadow"
          >
            {c === 'email' ? t('recovery.byEmail') : t('recovery.bySms')}
          </button>
        ))}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fieldId}>{channel === 'email' ? t('auth.email') : t('recovery.phone')}</Label>
        <Input
          id={fieldId}
          name={channel === 'email' ? 'email' : 'phone'}
          type={channel === 'email' ? 'email' : 'tel'}
          autoComplete={channel === 'email' ? 'email' : 'tel'}
          inputMode={channel === 'email' ? 'email' : 'tel'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${fieldId}-error` : channel === 'sms' ? 'recovery-phone-hint' : undefined}
        />
        {channel === 'sms' && !problem && (
          <p id="recovery-phone-hint" className="text-xs text-muted-foreground">
            {t('recovery.phoneHint')}
          </p>
        )}
        <FieldError id={`${fieldId}-error`}>{problem ?? undefined}</FieldError>
      </div>
      <Button type="submit" disabled={request.isPending} className="w-full">
        {request.isPending ? t('recovery.sending') : channel === 'email' ? t('recovery.sendLink') : t('recovery.sendCode')}
      </Button>
    </form>
  );
}
