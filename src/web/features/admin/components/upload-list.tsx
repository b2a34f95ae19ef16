import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminMovie } from '../../../../shared/contracts/catalog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { MAX_UPLOAD_RETRIES, removeUpload, retryUpload, type UploadItem } from '../hooks/use-uploads';
import { uploadView } from './video-state';

const BADGE = { uploading: 'secondary', processing: 'warning', completed: 'success', failed: 'destructive' } as const;

/** The uploads of this tab with percent bar and status label (admin spec section 2, "Upload progress panel"). */
export function UploadList({ items, movies }: { items: UploadItem[]; movies: AdminMovie[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.uploads', { count: items.length })}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid max-h-80 gap-4 overflow-y-auto">
          {items.map((item) => {
            const view = uploadView(item, movies.find((m) => m.id === item.movieId));
            const percent = Math.round(view.percent);
            return (
              <li key={item.movieId} className="grid gap-2 rounded-lg border p-3" data-testid="upload-item" data-status={view.label}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{item.movieTitle}</p>
                    <p className="truncate text-xs text-muted-foreground">{item.fileName}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge variant={BADGE[view.label]}>{t(`admin.status.${view.label}`)}</Badge>
                    <Button variant="ghost" size="icon" className="size-8" onClick={() => removeUpload(item.movieId)} aria-label={t('admin.removeUpload', { title: item.movieTitle })}>
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                <div className="flex items-center gap-3">
                  <Progress value={percent} label={t('admin.progressLabel', { title: item.movieTitle })} />
                  <span className="w-10 text-right text-xs tabular-nums">{percent}%</span>
                </div>
                {view.label === 'completed' && <p className="text-sm text-emerald-600">{t('admin.uploadSuccessText')}</p>}
                {view.error && (
                  <p className="text-sm text-destructive" role="alert">
                    {view.error}
                  </p>
                )}
                {item.state === 'error' &&
                  (item.retries < MAX_UPLOAD_RETRIES ? (
                    <Button variant="outline" size="sm" className="w-fit" onClick={() => retryUpload(item.movieId)}>
                      {t('admin.retry', { n: item.retries + 1, max: MAX_UPLOAD_RETRIES })}
                    </Button>
                  ) : (
                    <p className="text-sm text-muted-foreground">{t('admin.maxRetries')}</p>
                  ))}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
