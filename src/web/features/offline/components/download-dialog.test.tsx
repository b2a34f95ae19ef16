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
});
