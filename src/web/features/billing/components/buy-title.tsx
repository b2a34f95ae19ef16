import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { PassSummary } from '../../../../shared/contracts/accounts';
import { isPassActive } from '../../../../shared/domain/plans';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import type { Currency } from '../../../../shared/domain/countries';
import { formatMoney } from '../../../lib/format';
import { signInPath } from '../../../lib/sign-in';
import { usePayCountry } from '../hooks/use-pay-country';
import { useBillingHistory } from '../api/get-history';
import { usePlans } from '../api/get-plans';
import { usePaidFlash } from '../hooks/use-paid-flash';
import { usePaymentFlow } from '../hooks/use-payment-flow';
import { operatorSet } from './operator-texts';
import { PaymentStep } from './payment-step';

export interface TitleForSale {
  id: string;
  title: string;
  isPremium: boolean;
  /** The one-off price in RWF, or null when the title is sold only with passes. */
  priceRwf: number | null;
  /** The movie a purchase is of: a multi-part film's main movie (ADR 023); absent: `id`. */
  titleId?: string;
  /** Every movie of the film: a purchase of any of them owns it (ADR 023); absent: [`id`]. */
  titleMovieIds?: string[];
}

/**
 * "Buy this title" on a movie's page (ADR 008 "Single titles"; the earlier reading recorded in docs/product/viewer.md §1 sells one full
 * movie for a one-off price): shown when the movie is premium, priced alone, the viewer has no active pass and
 * has not bought it yet. Pays through the same flow as a pass; the page reloads after success. On any part of a
 * multi-part film it sells the whole film at its price, once (docs/decisions/023-playable-titles-and-film-parts.md).
 * `signedIn` false (a visitor, ADR 054): the price shows, and the button leads to /login (reason `pay`) and back to
 * the film; nothing of the visitor's is asked for.
 */
export function BuyTitle({ movie, pass, signedIn = true }: { movie: TitleForSale; pass: PassSummary | null; signedIn?: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const forSale = movie.isPremium && movie.priceRwf != null && !isPassActive(pass);
  const history = useBillingHistory(forSale && signedIn);
  const plans = usePlans();
  const flow = usePaymentFlow({ onSuccess: () => setOpen(false) });
  const [country, , currency] = usePayCountry();
  const titleId = movie.titleId ?? movie.id;
  const film = new Set(movie.titleMovieIds ?? [movie.id]);
  usePaidFlash((payment) => {
    if (payment.kind === 'title' && payment.movieId != null && film.has(payment.movieId)) {
      toast.success(t('billing.paymentSuccessful'), { description: t('billing.titleBoughtText', { title: movie.title }) });
    }
  });

  if (!forSale || movie.priceRwf == null) return null;
  // A multi-part film is bought once, from any part (ADR 023): a purchase of any of its movies owns it.
  const owned = history.data?.payments.some((p) => p.kind === 'title' && p.movieId != null && film.has(p.movieId) && p.status === 'successful');
  if (owned) {
    return (
      <p className="w-full text-sm font-medium text-emerald-700 dark:text-emerald-400" data-testid="title-owned">
        {t('billing.titleOwned')}
      </p>
    );
  }
  const operators = plans.data?.operators ?? [];
  // RWF is the title's own price; UGX and USD the site's single-title prices (docs/decisions/043).
  const prices: Partial<Record<Currency, number>> = { ...plans.data?.titlePrices, RWF: movie.priceRwf };
  const priceCurrency = currency in prices ? (currency as Currency) : 'RWF';
  const price = formatMoney(prices[priceCurrency]!, priceCurrency, i18n.language);
  if (!signedIn) {
    return (
      <Button asChild size="lg" variant="secondary" className="w-full sm:w-fit">
        <Link to={signInPath(`/watch/${movie.id}`, 'pay')} data-testid="buy-sign-in">
          <ShoppingCart aria-hidden="true" />
          {t('billing.signInToBuy', { price })}
        </Link>
      </Button>
    );
  }
  return (
    <>
      <Button size="lg" variant="secondary" className="w-full sm:w-fit" onClick={() => setOpen(true)} disabled={history.isPending || plans.isPending}>
        <ShoppingCart aria-hidden="true" />
        {t('billing.buyTitle', { price })}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('common.close')}>
          <DialogHeader>
            <DialogTitle>{t('billing.buyTitleHeading', { title: movie.title })}</DialogTitle>
            <DialogDescription>{t('billing.buyTitleText', { price })}</DialogDescription>
          </DialogHeader>
          <PaymentStep
            item={{ name: movie.title, prices }}
            operators={operators}
            processing={flow.processing}
            onPay={(msisdn) => void flow.pay({ kind: 'title', movieId: titleId, title: movie.title, priceRwf: movie.priceRwf! }, msisdn)}
            card={
              plans.data?.card && prices.USD != null
                ? { price: formatMoney(prices.USD, 'USD', i18n.language), onPay: () => void flow.payByCard({ kind: 'title', movieId: titleId, title: movie.title, priceRwf: movie.priceRwf! }) }
                : null
            }
            onBack={() => setOpen(false)}
            backLabel={t('billing.cancel')}
          />
          <p className="text-xs text-muted-foreground">{t(`billing.mobileMoneyNote.${operatorSet(operators, country)}`)}</p>
        </DialogContent>
      </Dialog>
    </>
  );
}
