import { BadgeCheck, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/error-message';
import { useSendPhoneCode, useVerifyPhone } from '../api/profile';

/**
 * Verifying the saved phone (docs/decisions/021-account-recovery.md, amended 2026-11-28): "Verify" texts a 6-digit
 * code through the site's SMS provider, and entering it marks the number verified; only a verified number gets a
 * password-reset code by SMS. Shown under the phone field for the phone as saved (not while it is being edited).
 */
export function PhoneVerification({ verified, onVerified }: { verified: boolean; onVerified?: () => void }) {
  const { t } = useTranslation();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (verified) {
    return (
      <p className="flex items-center gap-1 text-xs text-muted-foreground" data-testid="phone-verified">
        <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
        {t('settings.phoneVerified')}
      </p>
    );
  }

  const ask = () =>
    send.mutate(undefined, {
      onSuccess: (r) => {
        setSentTo(r.sentTo);
        setProblem(null);
      },
      onError: (error) => toast.error(t('settings.verifyFailed'), { description: errorMessage(t, error) }),
    });

  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted-foreground">{t('settings.phoneNotVerified')}</p>
      {sentTo === null ? (
        <Button type="button" variant="outline" className="w-full sm:w-fit" onClick={ask} disabled={send.isPending}>
          {send.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {t('settings.verifyPhone')}
        </Button>
      ) : (
        <div className="grid gap-2">
          <p className="text-xs" role="status">
            {t('settings.phoneCodeSent', { sentTo })}
          </p>
          <Label htmlFor="settings-phone-code">{t('settings.phoneCode')}</Label>
          <div className="flex gap-2">
            <Input
              id="settings-phone-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              aria-invalid={problem !== null}
              aria-describedby={problem ? 'settings-phone-code-error' : undefined}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <Button
              type="button"
              disabled={verify.isPending || code.length !== 6}
              onClick={() =>
                verify.mutate(code, {
                  onSuccess: () => {
                    toast.success(t('settings.phoneVerifiedToast'), { description: t('settings.phoneVerifiedToastText') });
                    onVerified?.();
                  },
                  onError: (error) => setProblem(errorMessage(t, error)),
                })
              }
            >
              {verify.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {t('settings.confirmPhoneCode')}
            </Button>
          </div>
          {problem && (
            <p id="settings-phone-code-error" className="text-xs text-destructive" role="alert">
              {problem}
            </p>
          )}
          <Button type="button" variant="link" className="h-auto w-fit p-0 text-xs" onClick={ask} disabled={send.isPending}>
            {t('settings.verifyPhone')}
          </Button>
        </div>
      )}
    </div>
  );
}
