import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlanId } from '../../../../shared/domain/plans';
import { Button } from '../../../components/ui/button';

/** Step 3 of the dialog: the pass is active; the button goes to /movies. */
export function SuccessStep({ plan, onDone }: { plan: PlanId; onDone: () => void }) {
  const { t } = useTranslation();
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
