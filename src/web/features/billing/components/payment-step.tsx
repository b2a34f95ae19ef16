import { ArrowLeft, CreditCard, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftRecipient } from '../../../../shared/contracts/gifts';
import { COUNTRY_INFO, type Currency } from '../../../../shared/domain/countries';
import { parseMsisdn, sanitizeMsisdnInput } from '../../../../shared/domain/msisdn';
import { type Operator, operatorNameKey } from '../../../../shared/domain/operators';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { formatMoney } from '../../../lib/format';
import { usePayCountry } from '../hooks/use-pay-country';
import { GiftFields, readGift, type GiftDraft } from './gift-fields';
import { countriesOffered, numberPlaceholder, operatorSet } from './operator-texts';
import { PayCountryPicker } from './pay-country-picker';

/**
 * The payment step: the mobile-money number (docs/product/viewer.md §5, widened to Airtel by ADR 011 and to Uganda
 * by docs/decisions/043-payment-methods-countries-and-currencies.md). The field keeps digits only, at most 12; Pay
 * Now is disabled while it is empty or a payment is under way. The number is read with `parseMsisdn` in the payer's
 * country (usePayCountry; a picker shows when operators of several countries are offered): Rwanda 078/079 MTN,
 * 072/073 Airtel; Uganda 076/077/078 MTN, 070/074/075 Airtel; as 07X…, the country code and 7X…, or 7X… plus 7
 * digits. The operator it goes to is shown as the viewer types, and the price in that country's currency. A number
 * that is not valid, or whose operator is not among `operators` (GET /api/plans), is refused here, before any request:
 * said under the field, which is marked invalid and focused (a toast covered the dialog's close button on a phone;
 * docs/decisions/055-a-new-viewers-findings.md).
 * With `gift` (passes only, docs/decisions/046-gifts.md), "Buy as a gift" asks for the recipient's email or mobile
 * number (read in the paying country, `readGift`) and the message's language; a recipient that cannot be read is
 * shown under its field and nothing is paid, by mobile money or by card.
 * @param item.prices the price in each currency, integer minor units; a currency missing means not sold in it.
 * @param onPay receives the MSISDN with its country code (`2507XXXXXXXX`, `2567XXXXXXXX`), and the gift's recipient
 *   when the pass is bought as a gift.
 * @param onBack back to the plan choice (passes), or cancel (a title).
 */
export function PaymentStep({
  item,
  operators,
  processing,
  onPay,
  onBack,
  backLabel,
  card,
  gift,
}: {
  item: { name: string; prices: Partial<Record<Currency, number>> };
  operators: readonly Operator[];
  processing: boolean;
  onPay: (msisdn: string, gift?: GiftRecipient) => void;
  onBack: () => void;
  backLabel?: string;
  /** Cards, when offered (GET /api/plans `card`): the price to show and what Pay by card does (docs/decisions/044). */
  card?: { price: string; onPay: (gift?: GiftRecipient) => void } | null;
  /** "Buy as a gift" (passes only): the draft, controlled by the dialog. */
  gift?: { draft: GiftDraft; onChange: (draft: GiftDraft) => void };
}) {
  const { t, i18n } = useTranslation();
  const [phone, setPhone] = useState('');
  const [country, setCountry] = usePayCountry();
  const set = operatorSet(operators, country);
  const parsed = phone ? parseMsisdn(phone, country) : null;
  const offered = parsed ? operators.includes(parsed.operator) : false;
  // The price in the currency of the wallet the number belongs to (its own country code may name another country).
  const currency = COUNTRY_INFO[parsed?.country ?? country].currency as Currency;
  const price = item.prices[currency];
  const [giftProblem, setGiftProblem] = useState<string | null>(null);
  /** What is wrong with the number, said under it once Pay Now was pressed; cleared as the viewer types. */
  const [phoneProblem, setPhoneProblem] = useState<string | null>(null);
  const refuseNumber = (text: string) => {
    setPhoneProblem(text);
    document.getElementById('payment-phone')?.focus();
  };
  const placeholder = numberPlaceholder(operators, country);
  /** The gift's recipient, or false (the problem is shown) when the gift's field cannot be read. */
  const giftOrProblem = (): GiftRecipient | undefined | false => {
    if (!gift) return undefined;
    const read = readGift(gift.draft, country);
    if (read.ok) {
      setGiftProblem(null);
      return read.gift;
    }
    setGiftProblem(read.problem === 'email' ? t('billing.gift.emailInvalid') : t('billing.gift.phoneInvalid', { example: placeholder }));
    document.getElementById('gift-recipient')?.focus();
    return false;
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!phone || processing || price == null) return;
        if (!parsed) return refuseNumber(t(`billing.invalidNumberText.${set}`));
        if (!offered) return refuseNumber(`${t('billing.operatorUnavailable', { operator: t(operatorNameKey(parsed.operator)) })}. ${t(`billing.invalidNumberText.${set}`)}`);
        setPhoneProblem(null);
        const recipient = giftOrProblem();
        if (recipient === false) return;
        if (recipient) onPay(parsed.msisdn, recipient);
        else onPay(parsed.msisdn);
      }}
    >
      <div className="flex items-center justify-between gap-3 rounded-lg bg-muted p-3 text-sm">
        <span className="font-medium">{item.name}</span>
        <span className="shrink-0 font-semibold" data-testid="payment-price">
          {price != null ? formatMoney(price, currency, i18n.language) : '–'}
        </span>
      </div>
      {gift && (
        <GiftFields
          draft={gift.draft}
          onChange={(d) => {
            setGiftProblem(null);
            gift.onChange(d);
          }}
          problem={giftProblem}
          disabled={processing}
          phonePlaceholder={placeholder}
        />
      )}
      <PayCountryPicker id="payment-country" countries={countriesOffered(operators)} value={country} onChange={setCountry} />
      <div className="grid gap-2">
        <Label htmlFor="payment-phone">{t(`billing.phoneLabel.${set}`)}</Label>
        <Input
          id="payment-phone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={placeholder}
          value={phone}
          onChange={(e) => {
            setPhone(sanitizeMsisdnInput(e.target.value));
            setPhoneProblem(null);
          }}
          disabled={processing}
          aria-describedby={phoneProblem ? 'payment-phone-error payment-phone-hint payment-operator' : 'payment-phone-hint payment-operator'}
          aria-invalid={phoneProblem || (parsed !== null && !offered) ? true : undefined}
        />
        <FieldError id="payment-phone-error">{phoneProblem ?? undefined}</FieldError>
        <p id="payment-phone-hint" className="text-xs text-muted-foreground">
          {t(`billing.phoneHint.${set}`)}
        </p>
        <p id="payment-operator" className="min-h-5 text-sm" aria-live="polite" data-testid="payment-operator">
          {parsed &&
            (offered ? (
              <span className="font-medium text-emerald-700 dark:text-emerald-400">{t('billing.paysWith', { operator: t(operatorNameKey(parsed.operator)) })}</span>
            ) : (
              <span className="font-medium text-destructive">{t('billing.operatorUnavailable', { operator: t(operatorNameKey(parsed.operator)) })}</span>
            ))}
        </p>
      </div>
      {processing && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t('billing.waitingApproval')}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={onBack} disabled={processing}>
          <ArrowLeft aria-hidden="true" />
          {backLabel ?? t('billing.back')}
        </Button>
        <Button type="submit" disabled={!phone || processing || price == null}>
          {processing && <Loader2 className="animate-spin" aria-hidden="true" />}
          {t('billing.payNow')}
        </Button>
      </div>
      {card && (
        <div className="grid gap-2 border-t pt-4" data-testid="pay-by-card">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              const recipient = giftOrProblem();
              if (recipient) card.onPay(recipient);
              else if (recipient === undefined) card.onPay();
            }}
            disabled={processing}
          >
            <CreditCard aria-hidden="true" />
            {t('billing.payByCard', { price: card.price })}
          </Button>
          <p className="text-xs text-muted-foreground">{t('billing.cardNote')}</p>
        </div>
      )}
    </form>
  );
}
