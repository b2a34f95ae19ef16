import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlanView } from '../api/get-plans';

/** The feature lines of a plan (docs/product/viewer.md §9): quality, devices, downloads. */
export function planFeatures(t: (key: string, options?: Record<string, unknown>) => string, plan: PlanView): string[] {
  const features = [plan.maxHeight == null ? t('plans.features.uhd') : t('plans.features.quality', { height: plan.maxHeight })];
  if (plan.devices > 1) features.push(t('plans.features.devices', { count: plan.devices }));
  if (plan.downloads == null) features.push(t('plans.features.unlimitedDownloads'));
  else if (plan.downloads > 0) features.push(t('plans.features.downloads', { count: plan.downloads }));
  return features;
}

export function PlanFeatures({ plan }: { plan: PlanView }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-2 text-sm">
      {planFeatures(t, plan).map((f) => (
        <li key={f} className="flex items-center gap-2">
          <Check className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          {f}
        </li>
      ))}
    </ul>
  );
}
