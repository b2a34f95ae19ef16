import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import type { ClaimedGiftView } from '../../../../shared/contracts/gifts';
import { parseVoucherCode } from '../../../../shared/domain/voucher-code';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CodeField } from '../../../components/ui/code-field';
import { errorMessage } from '../../../lib/error-message';
import { useClaimGift } from '../api/claim-gift';
import { NewAccountClaim, type PasswordField } from '../components/new-account-claim';
import { formatDate } from '../../../lib/format';

/**
 * /gift?code=… (docs/decisions/046-gifts.md): the link of a gift's message. A signed-in viewer claims the pass
 * someone paid for them; the code from the link is filled in, and its check character is checked before anything is
 * sent (gift codes have the voucher format, src/shared/domain/voucher-code.ts). Signed out (`newAccount`, given by
 * the app layer, which knows the session), the visitor claims it with a new account in one step
 * (components/new-account-claim.tsx; ADR 046 amended 2026-11-29), or follows "I already have an account: sign in".
 */
export function GiftPage({ newAccount }: { newAccount?: { PasswordInput: PasswordField } } = {}) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const [value, setValue] = useState(params.get('code') ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<ClaimedGiftView | null>(null);
  const [welcomed, setWelcomed] = useState<SessionUser | null>(null);
  const claim = useClaimGift();
  const day = (iso: string) => formatDate(iso, i18n.language);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseVoucherCode(value);
    if (!parsed.ok) return setProblem(t('errors.gift_malformed'));
    setProblem(null);
    try {
      setDone(await claim.mutateAsync({ code: parsed.code }));
    } catch (err) {
      // errors.<code> with the error's details (gift_locked names the minutes to wait).
      setProblem(errorMessage(t, err));
    }
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {t('gifts.title')}
          </CardTitle>
          <CardDescription>{t(newAccount && !done ? 'gifts.newAccountSubtitle' : 'gifts.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {done ? (
            <div className="grid gap-3" role="status" data-testid="gift-claimed">
              <h2 className="text-lg font-semibold">{t('gifts.doneTitle', { plan: t(`plans.${done.plan}.name`) })}</h2>
              {welcomed && <p className="text-sm">{t('gifts.welcome', { name: welcomed.name })}</p>}
              <p className="text-sm">{t('gifts.doneUntil', { until: day(done.passesEndAt) })}</p>
              <Button asChild>
                <Link to="/movies">{t('gifts.startWatching')}</Link>
              </Button>
            </div>
          ) : newAccount ? (
            <NewAccountClaim
              code={value}
              onCode={setValue}
              PasswordInput={newAccount.PasswordInput}
              onClaimed={(user, claimed) => {
                setWelcomed(user);
                setDone(claimed);
              }}
            />
          ) : (
            <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
              <CodeField id="gift-code" name="code" label={t('gifts.codeLabel')} value={value} onChange={setValue} problem={problem} />
              <Button type="submit" disabled={claim.isPending} className="w-full">
                {claim.isPending ? t('gifts.claiming') : t('gifts.claim')}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export default GiftPage;
