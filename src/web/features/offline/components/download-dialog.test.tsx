// @vitest-environment jsdom
/** The download dialog on the Downloads page (docs/decisions/027-offline-downloads.md), against a mocked server. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { json } from '../../../test/catalog-fixtures';
import { renderRoutes } from '../../../test/render';
import DownloadsPage from '../routes/downloads-page';
import { closeOfflineDb } from '../lib/offline-db';

const MOVIE = '00000000-0000-4000-8000-0000000000a1';
const options = (remaining: number | null, alreadyCounted = false) => ({
  title: 'Inyenyeri', durationSeconds: 3600, defaultRendition: '240p', alreadyCounted,
  renditions: [
    { name: '144p', width: 256, height: 144, totalBytes: 60_000_000, megabytesPerHour: 60 },
    { name: '240p', width: 426, height: 240, totalBytes: 201_400_000, megabytesPerHour: 201.4 },
  ],
  quota: { limit: remaining === null ? null : 10, used: remaining === null ? 0 : 10 - remaining, remaining },
});

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  cleanup();
  await closeOfflineDb();
  vi.unstubAllGlobals();
});

function renderPage(answer: () => Response) {
  const fetchMock = vi.fn(async (url: string) => (url.startsWith('/api/offline/options/') ? answer() : json(404, { error: { code: 'not_found', message: 'x' } })));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, ...renderRoutes([{ path: '/downloads', element: <DownloadsPage /> }], `/downloads?add=${MOVIE}`) };
}

describe('download dialog', () => {
  it('lists each rendition with its size and MB per hour, and the quota left', async () => {
    renderPage(() => json(200, options(3)));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.textContent).toContain('3 of 10 downloads left'));
    expect(dialog.textContent).toContain('201.4 MB');
    expect(dialog.textContent).toContain('~201.4 MB per hour');
    expect((screen.getByRole('radio', { name: /240p/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says a title already counted is free again, and refuses with the quota text when none are left', async () => {
    renderPage(() => json(200, options(0, true)));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('downloading it again is free'));
    cleanup();
    renderPage(() => json(200, options(0)));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('You have used all 10 downloads of your pass.'));
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the refusal of a viewer without downloads in the pass, and closing leaves the Downloads page', async () => {
    const view = renderPage(() => json(403, { error: { code: 'download_not_included', message: 'x' } }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Downloads are not included in your pass.'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.location().search).toBe('');
  });

  it('offers View Subscription Plans to a viewer without a pass (ADR 055: no dead end)', async () => {
    renderPage(() => json(403, { error: { code: 'subscription_required', message: 'x', details: { reason: 'none' } } }));
    const link = await screen.findByRole('link', { name: 'View Subscription Plans' });
    expect(link.getAttribute('href')).toBe('/subscribe');
    expect(screen.getByRole('dialog').textContent).toContain('You need an active subscription');
  });

  it('sends this device\'s kept id with the options and the download, and refuses a device beyond the pass\'s', async () => {
    localStorage.setItem('sobanura-device-id', '00000000-0000-4000-8000-0000000000d1');
    const { fetchMock } = renderPage(() => json(200, { ...options(3), devices: { limit: 3, used: 3, remaining: 0, thisDevice: false } }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Your pass keeps downloads on 3 devices at once, and 3 already hold some.'));
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/offline/options/${MOVIE}?deviceId=00000000-0000-4000-8000-0000000000d1`);
    cleanup();
    // A device that already holds copies may add another; the download names the device.
    const posts: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/api/offline/options/')) return json(200, { ...options(3), devices: { limit: 3, used: 3, remaining: 0, thisDevice: true } });
      if (url === '/api/offline' && init.method === 'POST') posts.push(JSON.parse(String(init.body)));
      return json(403, { error: { code: 'offline_device_limit', message: 'x', details: { limit: 3, used: 3 } } });
    }));
    renderRoutes([{ path: '/downloads', element: <DownloadsPage /> }], `/downloads?add=${MOVIE}`);
    const button = await screen.findByRole('button', { name: 'Download' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(posts).toEqual([{ id: MOVIE, rendition: '240p', deviceId: '00000000-0000-4000-8000-0000000000d1' }]));
    // The server's refusal (another device took the last place meanwhile) is shown translated.
    expect((await screen.findByRole('alert')).textContent).toBe('Your pass keeps downloads on 3 devices at once, and 3 already hold some. Delete the downloads on one of them to download on this one.');
  });

  it('makes a device id once and keeps it', async () => {
    localStorage.removeItem('sobanura-device-id');
    const { offlineDeviceId } = await import('../lib/device-id');
    const first = offlineDeviceId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(offlineDeviceId()).toBe(first);
    expect(localStorage.getItem('sobanura-device-id')).toBe(first);
  });
});
