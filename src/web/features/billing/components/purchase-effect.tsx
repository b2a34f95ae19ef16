import { useTranslation } from 'react-i18next';
import type { PassSummary } from '../../../../shared/contracts/accounts';
import type { PassSegmentView } from '../../../../shared/contracts/billing';
import { type PassState, purchaseEffect, type PurchaseEffect } from '../../../../shared/domain/pass-stacking';
import { isPassActive, type PlanId } from '../../../../shared/domain/plans';
import { formatDateTime } from './remaining-time';

type T = ReturnType<typeof useTranslation>['t'];

/** The pass as the plans page knows it: the summary of /api/accounts/me, with the timeline of /api/billing/history when read. */
export type PassWithTimeline = PassSummary & { timeline?: PassSegmentView[] };

/**
 * The viewer's passes as `purchaseEffect` takes them (docs/decisions/019): the first segment of the timeline is
 * the pass in force, the others wait behind it. Without a timeline, the pass in force alone.
 */
export function passStateOf(pass: PassWithTimeline | null, now = new Date()): PassState {
  if (!pass || !isPassActive(pass, now)) return { current: null, queued: [] };
  const [first, ...rest] = pass.timeline?.length ? pass.timeline : [{ plan: pass.plan, startsAt: now.toISOString(), endsAt: pass.expiresAt }];
  return {
    current: { plan: first!.plan, startsAt: new Date(first!.startsAt), expiresAt: new Date(first!.endsAt) },
    queued: rest.map((x) => ({ plan: x.plan, seconds: Math.round((Date.parse(x.endsAt) - Date.parse(x.startsAt)) / 1000) })),
  };
}

/** What buying `plan` now would do, or null when no pass is in force (it simply starts now). */
export function effectOf(state: PassState, plan: PlanId, now = new Date()): PurchaseEffect | null {
  return state.current ? purchaseEffect(now, state, plan) : null;
}

/** "20 hours", "3 days": whole days, or hours (rounded up) under a day. */
function lengthText(t: T, seconds: number): string {
  return seconds >= 86400 ? t('billing.passEffect.days', { count: Math.floor(seconds / 86400) }) : t('billing.passEffect.hours', { count: Math.max(1, Math.ceil(seconds / 3600)) });
}

/**
 * The sentence the plans page shows before paying (ADR 019): "Starts when your Yearly Pass ends, on …",
 * "Takes effect now, until …; the 20 hours left on your Daily Pass resume after it", "Adds 7 days to your
 * Weekly Pass: it will end on …".
 */
export function purchaseEffectText(t: T, language: string, effect: PurchaseEffect): string | null {
  const name = (p: PlanId) => t(`plans.${p}.name`);
  const date = (d: Date) => formatDateTime(d, language);
  switch (effect.kind) {
    case 'starts_now':
      return null;
    case 'extends':
      return t('billing.passEffect.extends', { plan: name(effect.plan), duration: t(`plans.${effect.plan}.period`), date: date(effect.endsAt) });
    case 'takes_over':
      return t('billing.passEffect.takesOver', { date: date(effect.endsAt), left: lengthText(t, effect.paused.seconds), current: name(effect.paused.plan) });
    case 'queued':
      return t('billing.passEffect.queued', { after: name(effect.after), date: date(effect.startsAt), end: date(effect.endsAt) });
  }
}

/** The sentence of `purchaseEffectText` as a note under a plan or on the payment step; nothing without one. */
export function PurchaseEffectNote({ effect }: { effect: PurchaseEffect | null }) {
  const { t, i18n } = useTranslation();
  const text = effect ? purchaseEffectText(t, i18n.language, effect) : null;
  if (!text) return null;
  return (
    <p className="rounded-md bg-muted p-2 text-sm text-muted-foreground" data-testid="purchase-effect" data-effect={effect!.kind}>
      {text}
    </p>
  );
}
