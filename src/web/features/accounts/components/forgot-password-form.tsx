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
import { BUSY_BUTTON, BusyLabel, returnedErrorText, useFormReturn } from '../../../lib/form-return';

export type RecoveryChannel = 'email' | 'sms';

/** What the form checks before sending: a valid email, or a Rwandan MTN/Airtel number. Returns the locale key of the problem. */
export function recoveryInputProblem(channel: RecoveryChannel, value: string): 'invalidEmail' | 'invalidPhone' | null {
  if (channel === 'email') return recoveryEmailBody.safeParse({ email: value }).success ? null : 'invalidEmail';
  return parseRwandaMsisdn(value.trim()) ? null : 'invalidPhone';
}

/** The route a channel's request goes to (src/server/modules/recovery/recovery.routes.ts). */
const ROUTE: Record<RecoveryChannel, string> = { email: '/api/accounts/recovery/email', sms: '/api/accounts/recovery/sms' };

/**
 * "Forgot password?" (ADR 021): by email (a link) or by SMS (a code to the profile's number). After sending, the
 * same text shows whatever the answer would reveal: it never says whether an account exists.
 *
 * Before the app has loaded it is a plain form post to the channel's route (docs/decisions/024-forms-before-
 * hydration.md; the drawn page offers the email way, the default): the server answers 303 to
 * /forgot-password?sent=email&email=… (or sent=sms&phone=…), which this form shows as sent, or back with
 * `error`, `invalid`, the channel and the text typed, which it shows again.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const returned = useFormReturn();
  const [channel, setChannel] = useState<RecoveryChannel>(() => (returned.value('channel') === 'sms' || returned.value('sent') === 'sms' ? 'sms' : 'email'));
  const [value, setValue] = useState(() => returned.value(channel === 'sms' ? 'phone' : 'email'));
  const [problem, setProblem] = useState<string | null>(() => {
    if (!returned.code) return null;
    if (returned.invalid.has('email')) return t('recovery.invalidEmail');
    if (returned.invalid.has('phone') || returned.code === 'invalid_msisdn') return t('recovery.invalidPhone');
    return returnedErrorText(t, returned.code, returned.retryAfterSeconds);
  });
  const [sent, setSent] = useState<{ channel: RecoveryChannel; to: string } | null>(() => {
    const by = returned.value('sent');
    return by === 'email' || by === 'sms' ? { channel: by, to: returned.value(by === 'email' ? 'email' : 'phone') } : null;
  });
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
          {/* A link, so it works before the app has loaded too (back to an empty form). */}
          <Button variant="outline" asChild>
            <Link to="/forgot-password" onClick={() => setSent(null)}>
              {t('recovery.tryAgain')}
            </Link>
          </Button>
        </div>
      </div>
    );
  }

  const fieldId = channel === 'email' ? 'recovery-email' : 'recovery-phone';
  return (
    <form
      method="post"
      action={ROUTE[channel]}
      data-busy-on-submit=""
      aria-busy={request.isPending || undefined}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="group/form grid gap-4"
    >
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
      <Button type="submit" disabled={request.isPending} className={`w-full ${BUSY_BUTTON}`}>
        <BusyLabel busy={request.isPending} idle={channel === 'email' ? t('recovery.sendLink') : t('recovery.sendCode')} working={t('recovery.sending')} />
      </Button>
    </form>
  );
}
