import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OfflineOptions } from '../../../../shared/contracts/offline';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatDecimal } from '../../../lib/format';
import { createOfflineDownload, getOfflineOptions } from '../api/offline-api';
import { offlineDeviceId } from '../lib/device-id';
import { useStorageRoom } from '../lib/use-offline-downloads';
import { knowsNetworkType, startDownload } from '../lib/transfer';
import { SizeText } from './size-text';

/** What the dialog says about the pass's downloads (the quota of the pass period, ADR 027). */
function QuotaText({ options }: { options: OfflineOptions }) {
  const { t } = useTranslation();
  const { quota, alreadyCounted } = options;
  if (alreadyCounted) return <p className="text-sm">{t('offline.alreadyCounted')}</p>;
  if (quota.limit === null || quota.remaining === null) return <p className="text-sm">{t('offline.quotaUnlimited')}</p>;
  return <p className="text-sm">{t('offline.quotaLeft', { count: quota.remaining, limit: quota.limit })}</p>;
}

/**
 * The download dialog (docs/decisions/027-offline-downloads.md): from GET /api/offline/options/:id, each rendition
 * the viewer may store with its size for this title and MB per hour, the pass's quota, the room left on the device
 * and a Wi-Fi only choice; Download counts it (POST /api/offline, with this device's id: lib/device-id.ts) and starts
 * the transfer. Refusals (no pass, not in this pass, quota used, every device of the pass holding copies) are shown
 * in the dialog in the server's words, translated; without a pass (403 `subscription_required`) or with one that
 * has no downloads (`download_not_included`) the dialog also offers View Subscription Plans, to /subscribe (docs/decisions/055-a-new-viewers-findings.md: no dead end).
 * @param id movie, movie-part or episode id
 * @param onStarted called once the transfer has started (instead of onOpenChange(false): the caller closes it)
 */
export function DownloadDialog({ id, open, onOpenChange, onStarted }: { id: string; open: boolean; onOpenChange: (open: boolean) => void; onStarted?: () => void }) {
  const { t, i18n } = useTranslation();
  const [deviceId] = useState(offlineDeviceId);
  const options = useQuery({ queryKey: ['offline', 'options', id], queryFn: () => getOfflineOptions(id, deviceId), enabled: open, staleTime: 0, retry: false });
  const [choice, setChoice] = useState<string | null>(null);
  const [wifiOnly, setWifiOnly] = useState(false);
  const room = useStorageRoom(open);
  const rendition = choice ?? options.data?.defaultRendition ?? null;
  const create = useMutation({
    mutationFn: async () => {
      const d = await createOfflineDownload({ id, ...(rendition ? { rendition } : {}), ...(deviceId ? { deviceId } : {}) });
      await startDownload(d, wifiOnly);
      return d;
    },
    onSuccess: () => (onStarted ? onStarted() : onOpenChange(false)),
  });
  const overQuota = options.data ? !options.data.alreadyCounted && options.data.quota.remaining === 0 : false;
  // Every device of the pass already holds copies, and this one is not among them (ADR 027, amended 2026-11-28).
  const devices = options.data?.devices;
  const overDevices = devices ? !devices.thisDevice && devices.remaining === 0 : false;
  const blocked = overQuota || overDevices;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Closed only by Close or Escape: focus moving out as the page around it loads (the header, the lazy footer)
          closed it in Chromium as soon as it opened. */}
      <DialogContent closeLabel={t('common.close')} aria-describedby="offline-dialog-description" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{t('offline.dialogTitle')}</DialogTitle>
          <DialogDescription id="offline-dialog-description">{options.data?.title ?? t('offline.dialogIntro')}</DialogDescription>
        </DialogHeader>
        {options.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : options.isError ? (
          <div className="grid gap-4">
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(t, options.error)}
            </p>
            {(isApiError(options.error, 'subscription_required') || isApiError(options.error, 'download_not_included')) && (
              <Button asChild>
                <Link to="/subscribe">{t('player.viewPlans')}</Link>
              </Button>
            )}
          </div>
        ) : (
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate();
            }}
          >
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t('offline.quality')}</legend>
              {options.data.renditions.map((r) => (
                <label key={r.name} className="flex items-center gap-3 rounded-md border p-2 text-sm">
                  <input type="radio" name="rendition" value={r.name} checked={rendition === r.name} onChange={() => setChoice(r.name)} />
                  <span className="font-medium">{r.name}</span>
                  <span className="ml-auto text-right text-muted-foreground">
                    <SizeText bytes={r.totalBytes} />
                    <span className="block text-xs">{t('offline.mbPerHour', { mb: formatDecimal(r.megabytesPerHour, i18n.language) })}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <QuotaText options={options.data} />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={wifiOnly} onChange={(e) => setWifiOnly(e.target.checked)} />
              {t('offline.wifiOnly')}
            </label>
            {wifiOnly && !knowsNetworkType() && <p className="text-xs text-muted-foreground">{t('offline.wifiUnknown')}</p>}
            {room && (
              <p className="text-xs text-muted-foreground" data-testid="storage-room">
                {t('offline.roomLeft')} <SizeText bytes={Math.max(0, room.quota - room.usage)} />
              </p>
            )}
            {create.isError && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(t, create.error)}
              </p>
            )}
            <Button type="submit" disabled={create.isPending || blocked || !rendition} aria-busy={create.isPending}>
              {t('offline.start')}
            </Button>
            {overQuota && <p className="text-sm text-destructive">{t('errors.download_limit_reached', { limit: options.data.quota.limit })}</p>}
            {!overQuota && overDevices && <p className="text-sm text-destructive">{t('errors.offline_device_limit', { limit: devices!.limit, used: devices!.used })}</p>}
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
