import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useCreateDownload } from '../api/create-download';

/** Starts a browser download of a signed URL (the server answers with Content-Disposition: attachment). */
function startDownload(url: string, filename: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * Download (issue 4 point 6): asks the server for a signed MP4 link within the viewer's quality cap (it counts
 * against the pass's downloads) and starts it; a refusal (not in this pass, quota used, no pass) is a toast.
 * @param id movie, movie-part or episode id (POST /api/downloads/:id)
 */
export function DownloadButton({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const download = useCreateDownload();
  const onClick = () =>
    download.mutate(id, {
      onSuccess: (d) => {
        startDownload(d.url, d.filename);
        toast.success(t('player.downloadStarted', { rendition: d.rendition }), {
          description: d.remaining === null ? t('player.downloadsUnlimited') : t('player.downloadsLeft', { count: d.remaining }),
        });
      },
      onError: (e) => {
        const title = isApiError(e, 'download_not_included') || isApiError(e, 'download_limit_reached') ? t('player.downloadRefused') : t('player.downloadFailed');
        toast.error(title, { description: errorMessage(t, e) });
      },
    });
  return (
    <Button variant="outline" size="sm" className={className} onClick={onClick} disabled={download.isPending} aria-busy={download.isPending}>
      <Download aria-hidden="true" />
      {t('player.download')}
    </Button>
  );
}
