import type { OfflineCreateBody, OfflineDownload, OfflineLicense, OfflineLicenseBody, OfflineOptions } from '../../../../shared/contracts/offline';
import { apiRequest } from '../../../lib/api-client';

/**
 * The offline downloads' routes (src/shared/contracts/offline.ts; docs/decisions/027-offline-downloads.md). Every
 * call throws ApiError with the server's code (401 unauthenticated; 403 subscription_required {reason},
 * download_not_included, download_limit_reached {limit, used, plan}, offline_device_limit {limit, used}, forbidden; 404 not_found,
 * video_not_available; 429 rate_limited), or TypeError when the server cannot be reached.
 */

/**
 * GET /api/offline/options/:id (movie, part or episode id): renditions with sizes (bytes), MB per hour, quota, and the
 * devices holding copies as seen from `deviceId` (lib/device-id.ts).
 */
export function getOfflineOptions(id: string, deviceId: string | null = null): Promise<OfflineOptions> {
  return apiRequest(`/api/offline/options/${encodeURIComponent(id)}${deviceId ? `?deviceId=${encodeURIComponent(deviceId)}` : ''}`);
}

/**
 * POST /api/offline: counts against the pass's downloads (once per video per pass period) and lists the files; with
 * `deviceId`, the same video again on this device renews its copy, and one device beyond the pass's is refused
 * (403 offline_device_limit {limit, used}).
 */
export function createOfflineDownload(body: OfflineCreateBody): Promise<OfflineDownload> {
  return apiRequest('/api/offline', { method: 'POST', body });
}

/**
 * POST /api/offline/:downloadId/license: the key and its validUntil; also the check-in before playing online, which
 * reports what the copy played since the last one (`played`, for the minutes-watched ledger, ADR 049).
 */
export function getOfflineLicense(downloadId: string, body: OfflineLicenseBody = {}): Promise<OfflineLicense> {
  return apiRequest(`/api/offline/${encodeURIComponent(downloadId)}/license`, { method: 'POST', body });
}

/** DELETE /api/offline/:downloadId (204). Does not give the download back to the quota; frees its device once it holds no other copy. */
export function deleteOfflineDownload(downloadId: string): Promise<void> {
  return apiRequest(`/api/offline/${encodeURIComponent(downloadId)}`, { method: 'DELETE' });
}

/** Where a download's file is fetched from: `/api/offline/{downloadId}/files/{name}`. */
export function offlineFileUrl(downloadId: string, name: string): string {
  return `/api/offline/${encodeURIComponent(downloadId)}/files/${name.split('/').map(encodeURIComponent).join('/')}`;
}
