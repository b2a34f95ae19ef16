import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

/**
 * The text to show for a failed request: the translation of `errors.<code>` when one exists,
 * otherwise the server's own message; a request that never reached the server says so.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    const details = typeof error.details === 'object' && error.details !== null ? error.details : {};
    return t(`errors.${error.code}`, { ...details, defaultValue: error.message });
  }
  if (error instanceof TypeError) return t('errors.network');
  return t('errors.unknown');
}
