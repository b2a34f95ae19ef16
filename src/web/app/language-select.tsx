import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { changeLanguage, isLanguage, LANGUAGES } from '../lib/i18n';

/** English, Français, Kinyarwanda; the choice is kept in localStorage. */
export function LanguageSelect({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="relative inline-flex items-center">
      <Languages className="pointer-events-none absolute left-2 size-4 text-muted-foreground" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        {t('nav.language')}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => {
          const lng = e.target.value;
          if (isLanguage(lng)) changeLanguage(lng).catch(() => toast.error(t('errors.network')));
        }}
        className="h-9 rounded-md border border-input bg-background pl-7 pr-2 text-sm"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  );
}
