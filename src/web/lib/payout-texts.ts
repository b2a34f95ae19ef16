import type { TFunction } from 'i18next';

/**
 * Payouts in words (docs/product/admin.md "Payouts"; docs/decisions/052-payout-run.md), shared by the admin panel's
 * Statements tab and the translator's studio: a payout's status, and why it was carried, refused or failed.
 */

/** The status in words: created, accepted, successful, failed, refused, carried (`payouts.status.<status>`). */
export function payoutStatusText(t: TFunction, status: string): string {
  return t(`payouts.status.${status}`, { defaultValue: status });
}

/**
 * Why, in words: a carry reason (PAYOUT_CARRY_REASONS) or an operator's reason (ADR 048's DISBURSEMENT_REASONS) has a
 * text of its own (`payouts.reasons.<CODE>`); a transfer in doubt ("in doubt: timeout …") says it waits for the
 * operator; anything else is shown as the server wrote it. Null for no reason.
 */
export function payoutReasonText(t: TFunction, reason: string | null): string | null {
  if (!reason) return null;
  if (reason.startsWith('in doubt')) return t('payouts.reasons.inDoubt');
  if (/^[A-Z_]+$/.test(reason)) return t(`payouts.reasons.${reason}`, { defaultValue: reason });
  return reason;
}

/** The badge look of a status: paid green, failed or refused red, waiting amber, carried grey. */
export function payoutStatusVariant(status: string): 'success' | 'destructive' | 'warning' | 'secondary' {
  if (status === 'successful') return 'success';
  if (status === 'failed' || status === 'refused') return 'destructive';
  if (status === 'carried') return 'secondary';
  return 'warning';
}
