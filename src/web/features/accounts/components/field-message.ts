import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';

/**
 * The translated text for a field error. The shared zod contracts carry English messages; the web shows
 * `validation.<field>` in the viewer's language and falls back to the message itself.
 */
export function fieldMessage(t: TFunction, field: string, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.type === 'too_big') return t('validation.tooLong');
  if (error.type === 'server' && error.message) return error.message;
  return t(`validation.${field}`, { defaultValue: error.message ?? t('validation.invalid') });
}
