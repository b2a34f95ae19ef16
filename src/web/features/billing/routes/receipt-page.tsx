import { ArrowLeft, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ReceiptView } from '../../../../shared/contracts/billing';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isNotFound } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { useReceipt } from '../api/get-receipt';
import { providerKey } from '../components/operator-texts';
import { cardText, purchaseName } from '../components/payment-list';
import { formatDateTime } from '../components/remaining-time';

/** While the receipt is on screen, printing shows the receipt alone: no header, footer, links or buttons. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #receipt, #receipt * { visibility: visible !important; }
  #receipt { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0 !important; box-shadow: none !important; color: #000 !important; background: #fff !important; }
  @page { margin: 16mm; }
}`;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-3 border-b py-2 last:border-b-0">
      <dt className="text-muted-foreground print:text-black">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function ReceiptSheet({ receipt }: { receipt: ReceiptView }) {
  const { t, i18n } = useTranslation();
  // The amount in the currency it was collected in, as kept on the payment (docs/decisions/043): never converted.
  const paidIn = formatMoney(receipt.amount, receipt.currency, i18n.language);
  return (
    <article id="receipt" className="grid gap-5 rounded-xl border bg-card p-6 text-card-foreground" aria-labelledby="receipt-heading" data-testid="receipt">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-2xl font-extrabold text-primary">{receipt.seller.name}</p>
          {receipt.seller.website && <p className="text-sm text-muted-foreground">{receipt.seller.website}</p>}
        </div>
        <div className="text-right">
          <h1 id="receipt-heading" className="text-xl font-bold">
            {t('billing.receipt')}
          </h1>
          <p className="font-mono text-sm">{receipt.receiptNumber}</p>
        </div>
      </header>
      <dl className="text-sm">
        <Row label={t('billing.paidOn')}>
          <time dateTime={receipt.paidAt}>{formatDateTime(receipt.paidAt, i18n.language)}</time>
        </Row>
        <Row label={t('billing.billedTo')}>
          {receipt.payer.name}
          <br />
          <span className="font-normal">{receipt.payer.email}</span>
        </Row>
        <Row label={t('billing.item')}>{purchaseName(t, receipt)}</Row>
        {receipt.plan && <Row label={t('billing.period')}>{t(`plans.${receipt.plan}.period`)}</Row>}
        <Row label={t('billing.provider')}>{t(providerKey(receipt.provider))}</Row>
        {receipt.card ? (
          <Row label={t('billing.card')}>
            <span data-testid="receipt-card">{cardText(t, receipt.card)}</span>
          </Row>
        ) : (
          receipt.provider !== 'card' && (
            <Row label={t('billing.number')}>
              <span className="font-mono">{receipt.msisdnMasked ?? t('billing.numberErased')}</span>
            </Row>
          )
        )}
        <Row label={t('billing.reference')}>
          <span className="break-all font-mono text-xs">{receipt.providerReference}</span>
        </Row>
      </dl>
      <div className="flex items-baseline justify-between border-t pt-4">
        <span className="text-base font-semibold">{t('billing.totalPaid')}</span>
        <span className="text-2xl font-bold" data-testid="receipt-total">
          {paidIn}
        </span>
      </div>
    </article>
  );
}

/** /billing/receipts/:id: a printable receipt of one of the viewer's successful payments (ADR 011). */
export function ReceiptPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-5 px-4 py-8">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/billing" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('billing.backToBilling')}
        </Link>
        {receipt.data && (
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t('billing.print')}
          </Button>
        )}
      </div>
      {receipt.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : receipt.isError ? (
        <p role="alert">{isNotFound(receipt.error) ? t('billing.noReceipt') : errorMessage(t, receipt.error)}</p>
      ) : (
        <ReceiptSheet receipt={receipt.data} />
      )}
    </div>
  );
}

export default ReceiptPage;
