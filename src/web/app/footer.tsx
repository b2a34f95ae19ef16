import { Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row">
        <p>{t('footer.copyright', { year: 2024 })}</p>
        <p className="inline-flex items-center gap-1">
          <Smartphone className="size-4" aria-hidden="true" />
          {t('footer.mobileMoney')}
        </p>
      </div>
    </footer>
  );
}
