import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useMe } from '../features/accounts/api/get-me';
import { apiRequest } from '../lib/api-client';
import { changeLanguage, isLanguage, LANGUAGES, type Language } from '../lib/i18n';

/** PUT /api/preferences: keeps the language in the signed-in viewer's profile. Never throws. */
export function saveLanguage(language: Language): void {
  apiRequest('/api/preferences', { method: 'PUT', body: { language } }).catch(() => {});
}

/** English, Français, Kinyarwanda; the choice is kept in localStorage, and in the profile when signed in. */
export function LanguageSelect({ id, onPicked }: { id: string; onPicked?: () => void }) {
  const { t, i18n: i18 } = useTranslation();
  const me = useMe();
  const signedIn = !!me.data?.user;
  return (
    <div className="relative inline-flex items-center">
      <Languages className="pointer-events-none absolute left-2 size-4 text-muted-foreground" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        {t('nav.language')}
      </label>
      <select
        id={id}
        value={i18.resolvedLanguage ?? i18.language}
        onChange={(e) => {
          const lng = e.target.value;
          if (!isLanguage(lng)) return;
          onPicked?.();
          changeLanguage(lng)
            .then(() => signedIn && saveLanguage(lng))
            .catch(() => toast.error(t('errors.network')));
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
