import { ArrowLeft, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { parseMtnMsisdn, sanitizeMsisdnInput } from '../../../../shared/domain/msisdn';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { formatRwf } from '../../../lib/format';
import type { PlanView } from '../api/get-plans';

/**
 * Step 2 of the dialog: the MTN Mobile Money number (viewer spec section 5). The field keeps digits only, at
 * most 12; Pay Now is disabled while it is empty or a payment is under way; a number that is not MTN Rwanda
 * is refused here, before any request.
 */
export function PaymentStep({ plan, processing, onPay, onBack }: { plan: PlanView; processing: boolean; onPay: (msisdn: string) => void; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const [phone, setPhone] = useState('');

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!phone || processing) return;
        const msisdn = parseMtnMsisdn(phone);
        if (!msisdn) {
          toast.error(t('billing.invalidNumber'), { description: t('billing.invalidNumberText') });
          return;
        }
        onPay(msisdn);
      }}
    >
      <div className="flex items-center justify-between rounded-lg bg-muted p-3 text-sm">
        <span className="font-medium">{t(`plans.${plan.id}.name`)}</span>
        <span className="font-semibold">{formatRwf(plan.priceRwf, i18n.language)}</span>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="payment-phone">{t('billing.phoneLabel')}</Label>
        <Input
          id="payment-phone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="078XXXXXXX"
          value={phone}
          onChange={(e) => setPhone(sanitizeMsisdnInput(e.target.value))}
          disabled={processing}
          aria-describedby="payment-phone-hint"
        />
        <p id="payment-phone-hint" className="text-xs text-muted-foreground">
          {t('billing.phoneHint')}
        </p>
      </div>
      {processing && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t('billing.waitingApproval')}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={processing}>
          <ArrowLeft aria-hidden="true" />
          {t('billing.back')}
        </Button>
        <Button type="submit" disabled={!phone || processing}>
          {processing && <Loader2 className="animate-spin" aria-hidden="true" />}
          {t('billing.payNow')}
        </Button>
      </div>
    </form>
  );
}
