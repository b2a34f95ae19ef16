import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { onUpdateReady } from '../lib/service-worker';

/** "A new version of Sobanura is ready" with an Update button, when a new deploy's service worker is waiting. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => onUpdateReady((fn) => setApply(() => fn)), []);
  if (!apply) return null;
  return (
    <div role="status" className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border bg-background p-3 shadow-lg">
      <p className="flex-1 text-sm">{t('pwa.updateReady')}</p>
      <Button size="sm" onClick={apply}>
        <RefreshCw aria-hidden="true" />
        {t('pwa.reload')}
      </Button>
    </div>
  );
}
