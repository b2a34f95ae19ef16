import { Leaf } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaybackRendition } from '../../../../shared/contracts/playback';
import { Button } from '../../../components/ui/button';
import { formatMegabytes, renditionWithin, type DataSaverChoice } from './data-figures';

/**
 * Offered at a viewer's first play, next to the player: the data saver at 144p (the ladder's lowest rung, under
 * 0.1 GB an hour) or 240p, or off (docs/decisions/028-data-saver-rungs-and-save-data.md). Each choice shows what an
 * hour costs, from the renditions this viewer may watch (`renditions`, lowest first); a video without a 144p rung
 * plays its lowest at 144p. `offKnown` false (the answer was already capped by the browser's Save-Data) leaves the
 * figure of "off" out rather than guess it.
 */
export function DataSaverPrompt({
  renditions,
  saving,
  offKnown = true,
  onChoose,
}: {
  renditions: PlaybackRendition[];
  saving: boolean;
  offKnown?: boolean;
  onChoose: (choice: DataSaverChoice) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const perHour = (maxHeight: number | null) => {
    const r = renditionWithin(renditions, maxHeight);
    return r ? t('player.mbPerHour', { mb: formatMegabytes(r.megabytesPerHour, i18n.language) }) : null;
  };
  const choices: { key: string; label: string; figure: string | null; choice: DataSaverChoice; primary: boolean }[] = [
    { key: '144', label: t('player.dataSaverMost'), figure: perHour(144), choice: { dataSaver: true, dataSaverMaxHeight: 144 }, primary: false },
    { key: '240', label: t('player.dataSaverOn'), figure: perHour(240), choice: { dataSaver: true, dataSaverMaxHeight: 240 }, primary: true },
    { key: 'off', label: t('player.dataSaverOff'), figure: offKnown ? perHour(null) : null, choice: { dataSaver: false }, primary: false },
  ];
  return (
    <section aria-labelledby={id} className="mx-4 grid gap-2 rounded-xl border bg-card p-4 text-sm sm:mx-0" data-testid="data-saver-prompt">
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold">
        <Leaf className="size-5 text-primary" aria-hidden="true" />
        {t('player.dataSaverTitle')}
      </h2>
      <p className="text-muted-foreground">{t('player.dataSaverText')}</p>
      <div className="flex flex-wrap gap-2 pt-1">
        {choices.map((c) => (
          <Button key={c.key} size="sm" variant={c.primary ? 'default' : 'outline'} disabled={saving} onClick={() => onChoose(c.choice)} className="h-auto flex-col items-start gap-0 py-1.5">
            <span>{c.label}</span>
            {c.figure && <span className="text-xs font-normal opacity-80">{c.figure}</span>}
          </Button>
        ))}
      </div>
    </section>
  );
}
