import { Leaf } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { PlaybackSettings } from '../../../../shared/contracts/playback';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-message';
import { usePlaybackSettings, useSavePlaybackSettings } from '../api/playback-settings';
import { formatMegabytes, ladderMegabytesPerHour, type DataSaverChoice } from './data-figures';

type ChoiceKey = '144' | '240' | 'off';

/** The radio a stored setting selects; null while the viewer has not chosen (the browser's Save-Data decides). */
export function chosenKey(settings: PlaybackSettings): ChoiceKey | null {
  if (settings.dataSaver === null) return null;
  return settings.dataSaver ? (String(settings.dataSaverMaxHeight) as ChoiceKey) : 'off';
}

const CHOICES: Record<ChoiceKey, DataSaverChoice> = {
  '144': { dataSaver: true, dataSaverMaxHeight: 144 },
  '240': { dataSaver: true, dataSaverMaxHeight: 240 },
  off: { dataSaver: false },
};

/**
 * The data saver on the settings page (docs/decisions/028-data-saver-rungs-and-save-data.md): the same three
 * choices the player offers at a first play (144p, 240p, best quality), kept on the server for the account
 * (GET/PUT /api/playback/settings), so they hold on every device and from the next film started. While the viewer
 * has not chosen, says that the browser's Save-Data switches it on. The figures are what an hour of the rung costs
 * by the ladder's target bit rates (`ladderMegabytesPerHour`); the player shows each film's real figures.
 * Composed into the settings page by the app (features do not import each other).
 */
export function DataSaverSettings() {
  const { t, i18n } = useTranslation();
  const settings = usePlaybackSettings();
  const save = useSavePlaybackSettings();
  const figure = (height: 144 | 240) => t('player.mbPerHour', { mb: formatMegabytes(ladderMegabytesPerHour(height), i18n.language) });
  const options: { key: ChoiceKey; label: string; figure: string | null }[] = [
    { key: '144', label: t('player.dataSaverMost'), figure: figure(144) },
    { key: '240', label: t('player.dataSaverOn'), figure: figure(240) },
    { key: 'off', label: t('player.dataSaverOff'), figure: null },
  ];
  // The choice being saved shows at once, set in the change event itself: the mutation's pending state reaches
  // React only after the event, and a controlled radio whose state has not changed by then is unchecked again.
  // A failed save goes back to the stored choice; a saved one is the query's data by the time this clears.
  const [picked, setPicked] = useState<ChoiceKey | null>(null);
  const choose = (key: ChoiceKey) => {
    setPicked(key);
    save.mutate(CHOICES[key], {
      onSuccess: () => toast.success(t('settings.dataSaverSaved')),
      onError: (err) => toast.error(errorMessage(t, err)),
      onSettled: () => setPicked(null),
    });
  };
  const selected = picked ?? (settings.data ? chosenKey(settings.data) : null);

  return (
    <Card data-testid="data-saver-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Leaf className="size-5 text-primary" aria-hidden="true" />
          {t('player.dataSaver')}
        </CardTitle>
        <CardDescription>{t('settings.dataSaverText')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {settings.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : settings.isError ? (
          <div role="alert" className="grid justify-items-start gap-3">
            <p>{errorMessage(t, settings.error)}</p>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <fieldset className="grid gap-2" disabled={save.isPending}>
            <legend className="sr-only">{t('player.dataSaver')}</legend>
            {options.map((o) => (
              <label
                key={o.key}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  selected === o.key && 'border-primary bg-primary/5',
                )}
              >
                <input type="radio" name="data-saver" value={o.key} checked={selected === o.key} onChange={() => choose(o.key)} className="size-4 shrink-0 accent-[var(--primary)]" />
                <span className="grid min-w-0">
                  <span className="font-medium">{o.label}</span>
                  {o.figure && <span className="text-xs text-muted-foreground">{o.figure}</span>}
                </span>
              </label>
            ))}
            {selected === null && <p className="text-sm text-muted-foreground">{t('settings.dataSaverNotChosen')}</p>}
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
