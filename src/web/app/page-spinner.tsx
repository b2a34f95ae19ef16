import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/spinner';

export function PageSpinner() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} className="min-h-dvh" />;
}
