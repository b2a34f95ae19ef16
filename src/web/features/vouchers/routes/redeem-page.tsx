import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { RedeemForm } from '../components/redeem-form';

/** /redeem (docs/product/viewer.md §10; docs/decisions/042-vouchers.md): a signed-in viewer enters a voucher's code. */
export function RedeemPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">{t('vouchers.title')}</CardTitle>
          <CardDescription>{t('vouchers.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <RedeemForm />
          <p className="text-center text-sm text-muted-foreground">
            <Link to="/subscribe" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('nav.subscribe')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

export default RedeemPage;
