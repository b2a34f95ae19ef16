import { Pause, Play, RotateCw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { keyUsable } from '../lib/offline-paths';
import { formatWhen } from '../lib/figures';
import type { StoredDownload } from '../lib/offline-db';
import { liveBytes, pause, remove, resume } from '../lib/transfer';
import { SizeText } from './size-text';

/** One download on the Downloads page: image, title, rendition, size, state or progress, expiry, Play, Pause/Resume, Delete. */
export function DownloadRow({ item }: { item: StoredDownload }) {
  const { t, i18n } = useTranslation();
  const d = item.download;
  const done = item.state === 'done';
  const playable = done && keyUsable(item.validUntil, Date.now());
  const bytes = liveBytes(item);
  const percent = d.totalBytes > 0 ? (bytes / d.totalBytes) * 100 : 0;
  return (
    <li className="flex gap-3 rounded-xl border p-3" data-testid="offline-download">
      {d.imageUrl ? <img src={d.imageUrl} alt="" className="h-20 w-14 shrink-0 rounded object-cover sm:h-24 sm:w-16" /> : <div className="h-20 w-14 shrink-0 rounded bg-muted sm:h-24 sm:w-16" />}
      <div className="grid min-w-0 flex-1 gap-1">
        <h2 className="truncate font-semibold">{d.title}</h2>
        <p className="text-sm text-muted-foreground">
          {d.rendition.name} · <SizeText bytes={d.totalBytes} />
        </p>
        <p className="text-sm" data-testid="offline-state">
          {t(`offline.state.${item.state}`)}
          {item.state === 'failed' && item.error && ` (${t(`errors.${item.error}`, { defaultValue: item.error })})`}
        </p>
        {!done && <Progress value={percent} label={t('offline.progress', { title: d.title })} />}
        {done && (
          <p className="text-xs text-muted-foreground">
            {item.validUntil ? t('offline.playsUntil', { date: formatWhen(item.validUntil, i18n.language) }) : t('offline.needsCheckIn')}
          </p>
        )}
        <div className="mt-1 flex flex-wrap gap-2">
          {done && (
            <Button asChild size="sm" variant={playable ? 'default' : 'outline'}>
              <Link to={`/downloads/${d.id}/play`}>
                <Play aria-hidden="true" />
                {t('offline.play')}
              </Link>
            </Button>
          )}
          {(item.state === 'downloading' || item.state === 'waiting-wifi') && (
            <Button size="sm" variant="outline" onClick={() => void pause(d.id)}>
              <Pause aria-hidden="true" />
              {t('offline.pause')}
            </Button>
          )}
          {(item.state === 'paused' || item.state === 'failed') && (
            <Button size="sm" variant="outline" onClick={() => void resume(d.id)}>
              <RotateCw aria-hidden="true" />
              {t('offline.resume')}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => void remove(d.id)}>
            <Trash2 aria-hidden="true" />
            {t('offline.delete')}
          </Button>
        </div>
      </div>
    </li>
  );
}
