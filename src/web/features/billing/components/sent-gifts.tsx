import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { GiftStatus, GiftView } from '../../../../shared/contracts/gifts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSentGifts } from '../api/get-gifts';
import { useResendGift } from '../api/resend-gift';
import { formatDateTime } from './remaining-time';

type T = ReturnType<typeof useTranslation>['t'];

const STATUS_VARIANT: Record<GiftStatus, 'warning' | 'success' | 'secondary'> = { awaiting_payment: 'warning', sent: 'success', claimed: 'secondary', expired: 'secondary' };

/**
 * Why "Send again" failed, in the viewer's language (POST /api/gifts/:id/resend, docs/decisions/046-gifts.md):
 * 429 `rate_limited` (3 messages a gift a day) and 409 `conflict` (claimed, expired or not paid yet) have texts of
 * their own; 502 `gift_not_sent` and anything else read as their error code's text (lib/error-message.ts).
 */
export function resendErrorText(t: T, error: unknown): string {
  if (isApiError(error, 'rate_limited')) return t('billing.gifts.resendLimited');
  if (isApiError(error, 'conflict')) return t('billing.gifts.resendConflict');
  return errorMessage(t, error);
}

/**
 * "Gifts you sent" on /billing (docs/product/viewer.md §4, docs/decisions/046-gifts.md): each pass the viewer bought
 * for someone else, newest first, with its plan, masked recipient, status and date of purchase, and "Send again"
 * (the same code, to the same recipient) while it is sent and unclaimed. Renders nothing while loading, when the
 * list cannot be read, or when the viewer never sent a gift.
 */
export function SentGifts() {
  const { t, i18n } = useTranslation();
  const gifts = useSentGifts();
  const resend = useResendGift();
  if (!gifts.data?.length) return null;
  const sendAgain = (g: GiftView) =>
    resend.mutate(g.id, {
      onSuccess: (sent) => toast.success(t('billing.gifts.resent', { recipient: sent.recipient })),
      onError: (error) => toast.error(t('billing.gifts.resendFailed'), { description: resendErrorText(t, error) }),
    });
  return (
    <section className="grid gap-3" aria-labelledby="gifts-heading" data-testid="sent-gifts">
      <h2 id="gifts-heading" className="text-xl font-bold">
        {t('billing.gifts.title')}
      </h2>
      <ul className="grid gap-3">
        {gifts.data.map((g) => (
          <li key={g.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4" data-testid="gift-row" data-status={g.status}>
            <div className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{t(`plans.${g.plan}.name`)}</span>
                <Badge variant={STATUS_VARIANT[g.status]}>{t(`billing.gifts.status.${g.status}`)}</Badge>
              </div>
              <p className="text-sm text-muted-foreground">
                {t('billing.gifts.to', { recipient: g.recipient })} ·{' '}
                <time dateTime={g.createdAt}>{formatDateTime(g.createdAt, i18n.language)}</time>
              </p>
            </div>
            {g.status === 'sent' && (
              <Button type="button" variant="outline" size="sm" onClick={() => sendAgain(g)} disabled={resend.isPending && resend.variables === g.id}>
                <Send aria-hidden="true" />
                {t('billing.gifts.sendAgain')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
