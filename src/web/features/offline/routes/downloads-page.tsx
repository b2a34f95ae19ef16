import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../../../shared/domain/next-path';
import { Spinner } from '../../../components/ui/spinner';
import { DownloadDialog } from '../components/download-dialog';
import { DownloadRow } from '../components/download-row';
import { SizeText } from '../components/size-text';
import { useOfflineDownloads, useStorageRoom } from '../lib/use-offline-downloads';
import { resumeUnfinished } from '../lib/transfer';

/**
 * /downloads (docs/decisions/027-offline-downloads.md): the titles stored on this device, drawn in the browser from
 * IndexedDB so it opens with no network (the service worker answers the navigation with the kept app shell).
 * `?add={id}` opens the download dialog for a title (the player's Download button leads here); closing it without
 * downloading goes back to where the viewer came from (`state.back`).
 */
export default function DownloadsPage() {
  const { t } = useTranslation();
  const items = useOfflineDownloads();
  const room = useStorageRoom(items?.length);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const adding = params.get('add');
  useEffect(() => {
    void resumeUnfinished();
    // The offline player's code (and hls.js) comes along now, so it is in the worker's cache when there is no network.
    void import('./offline-player-page').catch(() => undefined);
    void import('hls.js').catch(() => undefined);
  }, []);
  // Where the dialog was opened from (the player's Download button): a same-site path only (shared/domain/next-path.ts).
  const back = safeNextPath((location.state as { back?: unknown } | null)?.back);
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{t('offline.title')}</h1>
      {room && (
        <p className="text-sm text-muted-foreground" data-testid="storage-room">
          {t('offline.roomLeft')} <SizeText bytes={Math.max(0, room.quota - room.usage)} />
        </p>
      )}
      {items === null ? (
        <Spinner label={t('common.loading')} />
      ) : items.length === 0 ? (
        <p className="text-muted-foreground">{t('offline.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((i) => (
            <DownloadRow key={i.id} item={i} />
          ))}
        </ul>
      )}
      {adding && (
        <DownloadDialog
          id={adding}
          open
          onOpenChange={(open) => {
            if (open) return;
            if (back) navigate(back, { replace: true });
            else setParams({}, { replace: true });
          }}
          onStarted={() => setParams({}, { replace: true })}
        />
      )}
    </div>
  );
}
