import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MEDIA_FAILURE_CODES, type MediaFailureCode } from '../../../../shared/contracts/media';
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

/**
 * A failure reason in the interface's language, from its stable code (ADR 023); an unknown or missing code reads
 * as the generic reason, never as the tools' English text.
 */
export function failureText(t: TFunction, code: string | null | undefined): string {
  const known = (MEDIA_FAILURE_CODES as readonly string[]).includes(code ?? '') ? (code as MediaFailureCode) : 'unknown';
  return t(`mediaFailure.${known}`);
}

function ReplacementLine({ replacement }: { replacement: NonNullable<AdminMovie['replacement']> }) {
  const { t } = useTranslation();
  const status = replacement.status === 'processing' ? t('admin.processingPercent', { percent: Math.round(replacement.progress) }) : t(`admin.status.${replacement.status === 'ready' ? 'completed' : replacement.status}`);
  return (
    <p className={replacement.status === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
      {t('admin.replacementStatus', { status })}
      {replacement.status === 'failed' && (replacement.errorCode || replacement.error) ? `: ${failureText(t, replacement.errorCode)}` : ''}
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
          {(video.errorCode || video.error) && (
            <p className="text-sm text-destructive" data-testid="video-failure">
              {failureText(t, video.errorCode)}
            </p>
          )}
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
