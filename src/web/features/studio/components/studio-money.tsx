import { useTranslation } from 'react-i18next';
import type { StudioMoney } from '../../../../shared/contracts/studio';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatDecimal, formatMoney, formatMonth } from '../../../lib/format';
import { payoutReasonText, payoutStatusText, payoutStatusVariant } from '../../../lib/payout-texts';
import { studioStatementPage, useStudioMoney } from '../api/get-studio-money';
import { StudioTable } from './studio-table';

/**
 * A translator's earnings at /studio (docs/product/admin.md §14 and "Payouts"; ADR 051, ADR 052): per closed month and
 * currency their minutes and amount with a link to their printable statement, and their payouts with status and
 * reason. The server answers for the signed-in translator only.
 */
export function StudioMoneySection() {
  const { t } = useTranslation();
  const money = useStudioMoney();
  if (money.isPending) return <Spinner label={t('common.loading')} />;
  // An account that is no translator's is already told so by the figures above.
  if (money.isError) return isApiError(money.error, 'not_a_translator') ? null : <p role="alert" className="text-destructive">{errorMessage(t, money.error)}</p>;
  return <MoneyCards data={money.data} />;
}

function MoneyCards({ data }: { data: StudioMoney }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t('studioMoney.earnings')}</CardTitle>
          <CardDescription>{t('studioMoney.earningsText')}</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          {data.statements.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="studio-statements-empty">
              {t('studioMoney.none')}
            </p>
          ) : (
            <StudioTable testId="studio-statements" columns={[{ label: t('studioMoney.month') }, { label: t('studio.minutesColumn'), numeric: true }, { label: t('studioMoney.amount'), numeric: true }, { label: t('studioMoney.statement'), srOnly: true }]}>
              {data.statements.map((s) => (
                <tr key={`${s.month}|${s.currency}`} className="border-t">
                  <td className="p-2 whitespace-nowrap">{formatMonth(s.month, language)}</td>
                  <td className="p-2 text-right tabular-nums">{formatDecimal(s.minutes, language, 2)}</td>
                  <td className="p-2 text-right font-medium whitespace-nowrap tabular-nums">{formatMoney(s.amount, s.currency, language)}</td>
                  <td className="p-2 text-right">
                    <a className="underline" href={studioStatementPage(s.month)} target="_blank" rel="noreferrer" aria-label={t('studioMoney.statementFor', { month: formatMonth(s.month, language) })}>
                      {t('studioMoney.statement')}
                    </a>
                  </td>
                </tr>
              ))}
            </StudioTable>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('studioMoney.payouts')}</CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          {data.payouts.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('studioMoney.noPayouts')}</p>
          ) : (
            <StudioTable testId="studio-payouts" columns={[{ label: t('studioMoney.month') }, { label: t('studioMoney.amount'), numeric: true }, { label: t('studioMoney.status') }, { label: t('studioMoney.reason') }]}>
              {data.payouts.map((p) => (
                <tr key={p.id} className="border-t" data-status={p.status}>
                  <td className="p-2 whitespace-nowrap">{formatMonth(p.month, language)}</td>
                  <td className="p-2 text-right whitespace-nowrap tabular-nums">
                    <div className="font-medium">{formatMoney(p.amount, p.currency, language)}</div>
                    {p.carriedIn > 0 && <div className="text-xs text-muted-foreground">{t('studioMoney.carriedIn', { amount: formatMoney(p.carriedIn, p.currency, language) })}</div>}
                  </td>
                  <td className="p-2">
                    <Badge variant={payoutStatusVariant(p.status)}>{payoutStatusText(t, p.status)}</Badge>
                  </td>
                  <td className="p-2">{payoutReasonText(t, p.reason) ?? '—'}</td>
                </tr>
              ))}
            </StudioTable>
          )}
        </CardContent>
      </Card>
    </>
  );
}
