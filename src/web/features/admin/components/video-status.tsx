import { useTranslation } from 'react-i18next';
import type { AdminMovie } from '../../../../shared/contracts/catalog';
import { Badge } from '../../../components/ui/badge';
import { Progress } from '../../../components/ui/progress';

/**
 * A movie's video as the server sees it: none, uploading, processing n%, ready (with renditions) or failed; below it,
 * a replacement on its way (the film plays its current video until the replacement is ready) or one that failed.
 */
export function VideoStatus({ movie }: { movie: AdminMovie }) {
  const replacement = movie.replacement;
  if (!replacement) return <CurrentVideo movie={movie} />;
  return (
    <div className="grid gap-1">
      <CurrentVideo movie={movie} />
      <ReplacementLine replacement={replacement} />
    </div>
  );
}

function ReplacementLine({ replacement }: { replacement: NonNullable<AdminMovie['replacement']> }) {
  const { t } = useTranslation();
  const status = replacement.status === 'processing' ? t('admin.processingPercent', { percent: Math.round(replacement.progress) }) : t(`admin.status.${replacement.status === 'ready' ? 'completed' : replacement.status}`);
  return (
    <p className={replacement.status === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
      {t('admin.replacementStatus', { status })}
      {replacement.status === 'failed' && replacement.error ? `: ${replacement.error}` : ''}
    </p>
  );
}

function CurrentVideo({ movie }: { movie: AdminMovie }) {
  const { t } = useTranslation();
  const video = movie.video;
  if (!video) return <Badge variant="outline">{t('admin.noVideo')}</Badge>;
  switch (video.status) {
    case 'ready':
      return (
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="success">{t('admin.ready')}</Badge>
          {video.renditions.length > 0 && <span className="text-xs text-muted-foreground">{video.renditions.join(' · ')}</span>}
        </div>
      );
    case 'failed':
      return (
        <div className="grid gap-1">
          <Badge variant="destructive" className="w-fit">
            {t('admin.status.failed')}
          </Badge>
          {video.error && <p className="text-sm text-destructive">{video.error}</p>}
        </div>
      );
    case 'processing':
      return (
        <div className="grid gap-1">
          <Badge variant="warning" className="w-fit">
            {t('admin.processingPercent', { percent: Math.round(video.progress) })}
          </Badge>
          <Progress value={video.progress} label={t('admin.progressLabel', { title: movie.title })} className="max-w-48" />
        </div>
      );
    default:
      return <Badge variant="secondary">{t('admin.status.uploading')}</Badge>;
  }
}
