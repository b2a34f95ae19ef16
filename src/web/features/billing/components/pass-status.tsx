import { useTranslation } from 'react-i18next';
import type { PassSummary } from '../../../../shared/contracts/accounts';
import { isPassActive } from '../../../../shared/domain/plans';
import { remainingText } from './remaining-time';

/** The viewer's current pass: plan and time left, or that it has expired (docs/product/viewer.md §4). */
export function PassStatus({ pass }: { pass: PassSummary | null }) {
  const { t } = useTranslation();
  if (!pass) return null;
  const plan = t(`plans.${pass.plan}.name`);
  if (!isPassActive(pass)) {
    return (
      <p className="rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm" role="status">
        {t('billing.passExpired', { plan })}
      </p>
    );
  }
  return (
    <p className="rounded-lg border border-emerald-600/40 bg-emerald-600/10 p-3 text-sm" role="status">
      {t('billing.passActive', { plan })} {remainingText(t, pass.expiresAt)}
    </p>
  );
}
