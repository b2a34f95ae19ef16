import { ChevronDown, ChevronUp, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { formatDuration } from '../../../../shared/domain/duration';
import { formatDecimal } from '../../../lib/format';
import { formatElapsed, MAX_UPLOAD_RETRIES, statusLabel, timeLeftSeconds, type UploadItem, type UploadStore } from '../hooks/upload-store';
import { toastFileProblem } from './file-problem-toast';
import { checkVideoFile } from './video-file';

const BADGE = { uploading: 'secondary', processing: 'warning', completed: 'success', failed: 'destructive', unknown: 'outline' } as const;

function useNow(active: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const h = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(h);
  }, [active, ms]);
  return now;
}

/**
 * The upload progress panel (docs/product/admin.md §2): fixed at the bottom right, collapsible, the count in its
 * title, Clear when any upload is completed; each row with movie title, file name, elapsed "m:ss" with the rate and time left while going up (ADR 053),
 * remove, status label, percent bar, error text and the completion text; the list scrolls at 20rem.
 */
export function UploadPanel({ items, store }: { items: UploadItem[]; store: Pick<UploadStore, 'remove' | 'retry' | 'resume' | 'clearCompleted'> }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  const now = useNow(items.some((i) => i.status === 'uploading' || i.status === 'processing'));
  if (items.length === 0) return null;
  const anyCompleted = items.some((i) => i.status === 'completed');

  return (
    <section
      aria-labelledby="upload-panel-title"
      data-testid="upload-panel"
      className="fixed bottom-4 right-4 z-40 w-[min(24rem,calc(100vw-2rem))] rounded-xl border bg-background shadow-lg"
    >
      <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <h2 id="upload-panel-title" className="text-sm font-semibold">
          {t('admin.uploads', { count: items.length })}
        </h2>
        <div className="flex items-center gap-1">
          {anyCompleted && (
            <Button variant="ghost" size="sm" className="h-8" onClick={() => store.clearCompleted()}>
              {t('admin.clear')}
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-expanded={!collapsed}
            aria-controls="upload-panel-list"
            aria-label={collapsed ? t('admin.expandUploads') : t('admin.collapseUploads')}
            onClick={() => setCollapsed((c) => !c)}
          >
            {collapsed ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {!collapsed && (
        <ul id="upload-panel-list" className="grid max-h-[20rem] gap-3 overflow-y-auto p-3">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} now={now} store={store} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The rate and the time left of an upload going up (ADR 053), once measured: " · 1,2 MB/s · 12 min left". */
function UploadSpeed({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation();
  const left = timeLeftSeconds(item);
  if (item.rateBytesPerSecond === null || left === null) return null;
  const language = i18n.language;
  const mb = item.rateBytesPerSecond / 1_000_000;
  const rate = mb >= 1 ? `${formatDecimal(mb, language, 1)} MB` : `${formatDecimal(item.rateBytesPerSecond / 1000, language, 0)} kB`;
  return <span data-testid="upload-speed">{` · ${t('admin.uploadSpeed', { rate, left: formatDuration(left, language) })}`}</span>;
}

function UploadRow({ item, now, store }: { item: UploadItem; now: number; store: Pick<UploadStore, 'remove' | 'retry' | 'resume'> }) {
  const { t } = useTranslation();
  const label = statusLabel(item.status);
  const percent = Math.round(item.progress);
  const elapsedEnd = item.status === 'completed' && item.completedAt ? item.completedAt : now;
  const pickId = `resume-${item.id}`;

  const onPick = (input: HTMLInputElement, then: (file: File) => void) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = checkVideoFile(file);
    if (problem) return toastFileProblem(t, problem);
    then(file);
  };

  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="upload-item" data-status={label} data-needs-file={item.needsFile ? 'true' : 'false'}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{item.movieTitle}</p>
          <p className="truncate text-xs text-muted-foreground">{item.fileName}</p>
          <p className="text-xs tabular-nums text-muted-foreground" data-testid="upload-elapsed">
            {t('admin.elapsed', { elapsed: formatElapsed(elapsedEnd - item.startTime) })}
            {item.status === 'uploading' && !item.needsFile && <UploadSpeed item={item} />}
          </p>
        </div>
        <div className="flex items-center gap-1">
          <Badge variant={BADGE[label]}>{t(`admin.status.${label}`)}</Badge>
          <Button variant="ghost" size="icon" className="size-8" onClick={() => store.remove(item.id)} aria-label={t('admin.removeUpload', { title: item.movieTitle })}>
            <X aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Progress value={percent} label={t('admin.progressLabel', { title: item.movieTitle })} />
        <span className="w-10 text-right text-xs tabular-nums" data-testid="upload-percent">
          {percent}%
        </span>
      </div>
      {item.status === 'processing' && item.transcodePercent !== null && (
        <p className="text-xs text-muted-foreground">{t('admin.transcoding', { percent: item.transcodePercent })}</p>
      )}
      {item.status === 'completed' && <p className="text-sm text-emerald-600">{t('admin.uploadSuccessText')}</p>}
      {item.error && item.status === 'error' && (
        <p className="text-sm text-destructive" role="alert">
          {item.error}
        </p>
      )}
      {item.needsFile && item.status === 'uploading' && (
        <div className="grid gap-1">
          <p className="text-xs text-amber-700 dark:text-amber-400">{t('admin.pickAgain')}</p>
          <label htmlFor={pickId} className="w-fit cursor-pointer text-sm font-medium text-primary hover:underline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
            {t('admin.pickFile')}
            <input id={pickId} type="file" accept="video/*" className="sr-only" aria-label={t('admin.pickFileFor', { title: item.movieTitle })} onChange={(e) => onPick(e.currentTarget, (f) => store.resume(item.id, f))} />
          </label>
        </div>
      )}
      {item.status === 'error' &&
        (item.retries < MAX_UPLOAD_RETRIES ? (
          <Button variant="outline" size="sm" className="w-fit" onClick={() => store.retry(item.id)}>
            {t('admin.retry', { n: item.retries + 1, max: MAX_UPLOAD_RETRIES })}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t('admin.maxRetries')}</p>
        ))}
    </li>
  );
}
