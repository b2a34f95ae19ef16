import { useTranslation } from 'react-i18next';
import { sizeParts } from '../lib/figures';

/** A size in MB or GB in the viewer's language ("120.4 MB", "1,2 Go"). @param bytes size in bytes */
export function SizeText({ bytes }: { bytes: number }) {
  const { t, i18n } = useTranslation();
  const { unit, value } = sizeParts(bytes, i18n.language);
  return <>{unit === 'gb' ? t('offline.sizeGb', { value }) : t('offline.sizeMb', { value })}</>;
}
