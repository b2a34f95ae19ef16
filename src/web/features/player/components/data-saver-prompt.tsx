import { Leaf } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaybackRendition } from '../../../../shared/contracts/playback';
import { DATA_SAVER_MAX_HEIGHT } from '../../../../shared/contracts/playback';
import { Button } from '../../../components/ui/button';

/**
 * Offered at a viewer's first play, next to the player (issue 4 point 7): the data saver caps quality at 360p.
 * Shows what an hour costs at each quality this viewer may watch, so the choice is informed.
 */
export function DataSaverPrompt({ renditions, saving, onChoose }: { renditions: PlaybackRendition[]; saving: boolean; onChoose: (on: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className="mx-4 grid gap-2 rounded-xl border bg-card p-4 text-sm sm:mx-0" data-testid="data-saver-prompt">
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold">
        <Leaf className="size-5 text-primary" aria-hidden="true" />
        {t('player.dataSaverTitle')}
      </h2>
      <p className="text-muted-foreground">{t('player.dataSaverText', { height: DATA_SAVER_MAX_HEIGHT })}</p>
      {renditions.length > 0 && (
        <table className="w-fit text-left text-xs">
          <caption className="sr-only">{t('player.dataPerHour')}</caption>
          <tbody>
            {renditions.map((r) => (
              <tr key={r.name} className={Math.min(r.width, r.height) <= DATA_SAVER_MAX_HEIGHT ? 'font-semibold' : 'text-muted-foreground'}>
                <th scope="row" className="pr-4 font-medium">
                  {r.name}
                </th>
                <td>{t('player.mbPerHour', { mb: Math.round(r.megabytesPerHour) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="flex flex-wrap gap-2 pt-1">
        <Button size="sm" disabled={saving} onClick={() => onChoose(true)}>
          {t('player.dataSaverOn')}
        </Button>
        <Button size="sm" variant="outline" disabled={saving} onClick={() => onChoose(false)}>
          {t('player.dataSaverOff')}
        </Button>
      </div>
    </section>
  );
}
