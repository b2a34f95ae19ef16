import { useEffect, useRef } from 'react';
import { useMe } from '../features/accounts/api/get-me';
import { apiRequest } from '../lib/api-client';
import { changeLanguage, i18n, isLanguage } from '../lib/i18n';
import { saveLanguage } from './language-select';

/**
 * When a viewer signs in: the language kept in their profile wins (GET /api/preferences); with none kept yet,
 * the current one is saved there. Runs once per signed-in user.
 */
export function useLanguageSync(): void {
  const me = useMe();
  const userId = me.data?.user?.id ?? null;
  const synced = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || synced.current === userId) return;
    synced.current = userId;
    apiRequest<{ language: string | null }>('/api/preferences')
      .then(({ language }) => {
        const current = i18n.resolvedLanguage ?? i18n.language;
        if (isLanguage(language)) {
          if (language !== current) void changeLanguage(language);
        } else if (isLanguage(current)) saveLanguage(current);
      })
      .catch(() => {});
  }, [userId]);
}

