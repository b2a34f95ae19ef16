import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';

/**
 * The spec's error toast for a failed load (docs/product/viewer.md §8: "All failures show toasts"), once per failure.
 * `title` is already translated; `skip` leaves out errors that have their own screen (not found).
 */
export function useErrorToast(error: unknown, title: string, skip = false) {
  const { t } = useTranslation();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || skip || shown.current === error) return;
    shown.current = error;
    toast.error(title, { description: errorMessage(t, error) });
  }, [error, skip, title, t]);
}
