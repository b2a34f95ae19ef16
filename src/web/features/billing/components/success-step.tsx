import { CheckCircle2, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GiftView } from '../../../../shared/contracts/gifts';
import type { PlanId } from '../../../../shared/domain/plans';
import { Button } from '../../../components/ui/button';

/**
 * Step 3 of the dialog. For the viewer's own pass: it is active; the button goes to /movies (docs/product/viewer.md
 * §4). For a gift (docs/decisions/046-gifts.md): the pass was sent to the gift's masked recipient, who claims it with
 * the code in their message; the viewer's own pass is not mentioned, and the button goes to /billing, where the
 * gifts they sent are listed.
 */
export function SuccessStep({ plan, gift = null, onDone }: { plan: PlanId; gift?: Pick<GiftView, 'plan' | 'recipient'> | null; onDone: () => void }) {
  const { t } = useTranslation();
  if (gift) {
    return (
      <div className="grid justify-items-center gap-4 py-2 text-center" data-testid="gift-sent">
        <Gift className="size-12 text-emerald-600" aria-hidden="true" />
        <p>{t('billing.gift.sentText', { plan: t(`plans.${gift.plan}.name`), recipient: gift.recipient })}</p>
        <Button asChild className="w-full">
          <Link to="/billing" onClick={onDone}>
            {t('billing.gift.seeSent')}
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid justify-items-center gap-4 py-2 text-center">
      <CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />
      <p>{t('billing.paymentSuccessfulText', { plan: t(`plans.${plan}.name`) })}</p>
      <Button asChild className="w-full">
        <Link to="/movies" onClick={onDone}>
          {t('billing.startWatching')}
        </Link>
      </Button>
    </div>
  );
}
