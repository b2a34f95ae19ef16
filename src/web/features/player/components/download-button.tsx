import { useQuery } from '@tanstack/react-query';
import { Download, FileVideo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import type { MeResponse } from '../../../../shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { queryKeys } from '../../../lib/query-keys';
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
 * The MP4 file download (docs/decisions/009-playback-limits.md "Downloads"): asks the server for a signed MP4 link
 * within the quality cap and starts it; a refusal is a toast. Offered to admins only: the server refuses it to
 * viewers unless ALLOW_FILE_DOWNLOADS is true (docs/decisions/027-offline-downloads.md).
 * @param id movie, movie-part or episode id (POST /api/downloads/:id)
 */
function FileDownloadButton({ id, className }: { id: string; className?: string }) {
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
      <FileVideo aria-hidden="true" />
      {t('player.downloadFile')}
    </Button>
  );
}

/**
 * Download on a film's or episode's page (docs/decisions/027-offline-downloads.md): stores the title inside the app
 * for watching offline. It opens the download dialog on the Downloads page (`/downloads?add={id}`, the offline
 * feature; features do not import each other), which comes back here when closed without downloading. Admins
 * also get the MP4 file. The signed-in user is read from the shared `me` query (queryKeys.me).
 * @param id movie, movie-part or episode id
 */
export function DownloadButton({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const me = useQuery({ queryKey: queryKeys.me, queryFn: () => apiRequest<MeResponse>('/api/accounts/me'), staleTime: 5 * 60_000 });
  const role = me.data?.user?.role;
  const admin = role === 'admin' || role === 'super_admin';
  return (
    <>
      <Button asChild variant="outline" size="sm" className={className}>
        <Link to={`/downloads?add=${encodeURIComponent(id)}`} state={{ back: location.pathname + location.search }}>
          <Download aria-hidden="true" />
          {t('player.download')}
        </Link>
      </Button>
      {admin && <FileDownloadButton id={id} className={className} />}
    </>
  );
}
