import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/error-message';

/** A failed load in place of the content: what failed, why, and Retry (never a blank screen). */
export function LoadError({ error, title, onRetry, retrying = false }: { error: unknown; title?: string; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-xl border p-8 text-center">
      <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
      <p className="font-semibold">{title ?? t('catalog.loadFailed')}</p>
      <p className="text-sm text-muted-foreground">{errorMessage(t, error)}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
