import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslatorRef } from '../../../../shared/contracts/browse';

/** "Translated by <name>", the name linking to the translator's page. */
export function TranslatorLink({ translator }: { translator: TranslatorRef }) {
  const { t } = useTranslation();
  return (
    <p className="inline-flex flex-wrap items-center gap-1 text-sm">
      <Languages className="size-4 text-primary" aria-hidden="true" />
      <span>{t('catalog.translatedByLabel')}</span>
      <Link to={`/translators/${encodeURIComponent(translator.slug)}`} className="font-semibold text-primary underline-offset-4 hover:underline">
        {translator.name}
      </Link>
    </p>
  );
}
