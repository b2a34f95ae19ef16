import { Leaf } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Shown next to the player when the data saver is on because the browser asked to save data (`Save-Data: on` or
 * `navigator.connection.saveData`) and the viewer has not chosen: says so, with a switch that turns it off. Turning
 * it off stores the viewer's explicit choice, which then wins over the browser
 * (docs/decisions/028-data-saver-rungs-and-save-data.md).
 */
export function DataSaverNotice({ saving, onTurnOff }: { saving: boolean; onTurnOff: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className="mx-4 flex items-center gap-3 rounded-xl border bg-card p-3 text-sm sm:mx-0" data-testid="data-saver-notice">
      <Leaf className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <p id={id} className="flex-1">
        {t('player.dataSaverBrowser')}
      </p>
      <button
        type="button"
        role="switch"
        aria-checked="true"
        aria-label={t('player.dataSaver')}
        disabled={saving}
        onClick={onTurnOff}
        className="relative h-6 w-11 shrink-0 rounded-full bg-primary transition disabled:opacity-50"
      >
        <span className="absolute left-5.5 top-1 size-4 rounded-full bg-white" aria-hidden="true" />
      </button>
    </section>
  );
}
