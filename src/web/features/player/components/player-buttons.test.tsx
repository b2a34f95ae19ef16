// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { json } from '../../../test/catalog-fixtures';
import { renderRoutes } from '../../../test/render';
import { DownloadButton } from './download-button';
import { PlayerControls, type PlayerControlsProps } from './player-controls';
import { ShareButton } from './share-button';
import { DEFAULT_VOLUME, storedVolume } from './video-player';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  localStorage.clear();
});

const EPISODE = '00000000-0000-4000-8000-0000000000e1';

describe('ShareButton', () => {
  it('uses the Web Share API when the browser has it', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    render(<ShareButton title="Inshuti - S1E2" url="https://sobanura.test/episode/a/1/2" label="Share Episode" />);
    fireEvent.click(screen.getByRole('button', { name: 'Share Episode' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Inshuti - S1E2', url: 'https://sobanura.test/episode/a/1/2' }));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('copies the link with a toast where there is no Web Share API, and says so when copying fails', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    render(<ShareButton title="Inshuti" url="https://sobanura.test/episode/a/1/2" />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Link copied', { description: 'https://sobanura.test/episode/a/1/2' }));
    expect(writeText).toHaveBeenCalledWith('https://sobanura.test/episode/a/1/2');
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not copy the link', { description: 'https://sobanura.test/episode/a/1/2' }));
  });
});

describe('DownloadButton', () => {
  const me = (role: string) => json(200, { user: { id: 'u1', name: 'A', email: 'a@b.rw', role }, pass: null });
  const renderButton = () =>
    renderRoutes([{ path: '/player/:id', element: <DownloadButton id={EPISODE} /> }, { path: '/downloads', element: <p>downloads page</p> }], `/player/${EPISODE}`);

  it('takes a viewer to the download dialog of the Downloads page and offers no MP4 file', async () => {
    const fetchMock = vi.fn(async (url: string) => (url === '/api/accounts/me' ? me('user') : json(404, {})));
    vi.stubGlobal('fetch', fetchMock);
    const view = renderButton();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/accounts/me', expect.anything()));
    expect(screen.queryByRole('button', { name: 'MP4 file' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Download' }));
    await waitFor(() => expect(view.location().pathname).toBe('/downloads'));
    expect(view.location().search).toBe(`?add=${EPISODE}`);
    expect(view.location().state).toEqual({ back: `/player/${EPISODE}` });
    expect(fetchMock).not.toHaveBeenCalledWith(`/api/downloads/${EPISODE}`, expect.anything());
  });

  it('gives an admin the MP4 file too: starts the signed link and says how many downloads are left', async () => {
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.getAttribute('href')}|${this.download}`);
    });
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/accounts/me'
        ? me('admin')
        : json(200, { url: `/media/d/v/tok/ep.mp4`, expiresAt: '2026-01-01T01:00:00Z', rendition: '720p', sizeBytes: 1000, filename: 'Inshuti S1E2.mp4', remaining: 9 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'MP4 file' }));
    await waitFor(() => expect(clicks).toEqual(['/media/d/v/tok/ep.mp4|Inshuti S1E2.mp4']));
    expect(fetchMock).toHaveBeenCalledWith(`/api/downloads/${EPISODE}`, expect.objectContaining({ method: 'POST' }));
    expect(toast.success).toHaveBeenCalledWith('Download started (720p)', { description: '9 downloads left in your pass' });
  });

  it('shows an admin the refusal of the MP4 file and starts nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/accounts/me' ? me('super_admin') : json(403, { error: { code: 'download_limit_reached', message: 'x', details: { limit: 10, used: 10, plan: 'weekly' } } }))));
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'MP4 file' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Download not available', { description: 'You have used all 10 downloads of your pass.' }));
    expect(click).not.toHaveBeenCalled();
  });
});

function controls(overrides: Partial<PlayerControlsProps> = {}): PlayerControlsProps {
  const noop = () => undefined;
  return {
    visible: true, playing: true, waiting: false, time: 65, duration: 3725, buffered: 100, volume: 0.5, muted: false, speed: 1, speeds: [0.5, 1, 2],
    qualities: [{ index: 0, name: '240p', bitrate: 446_000 }, { index: 1, name: '360p', bitrate: 796_000 }],
    quality: -1, activeRendition: '240p', renditions: [], captions: [{ id: 0, lang: 'en', label: 'en' }, { id: 1, lang: 'rw', label: 'rw' }], caption: 1,
    fullscreen: false, pipSupported: false, dataSaver: false, onDataSaverChange: vi.fn(), onMenuOpenChange: noop, onTogglePlay: noop, onSeek: noop, onVolume: noop,
    onToggleMute: noop, onSpeed: vi.fn(), onQuality: vi.fn(), onCaption: vi.fn(), onToggleCaptions: noop, onToggleFullscreen: noop, onTogglePip: noop,
    ...overrides,
  };
}

describe('PlayerControls', () => {
  it('lists Auto (with the rendition playing) and each quality with its MB per hour; picks one', () => {
    const props = controls();
    render(<PlayerControls {...props} />);
    expect(screen.getByTestId('player-clock').textContent).toBe('0:01:05 / 1:02:05');
    fireEvent.click(screen.getByRole('button', { name: 'Player settings' }));
    const items = screen.getAllByRole('menuitemradio').map((i) => [i.textContent, i.getAttribute('aria-checked')]);
    expect(items.slice(0, 3)).toEqual([
      ['Auto (240p)', 'true'],
      ['360p~358 MB per hour', 'false'],
      ['240p~201 MB per hour', 'false'],
    ]);
    fireEvent.click(screen.getByRole('menuitemradio', { name: /360p/ }));
    expect(props.onQuality).toHaveBeenCalledWith(1);
  });

  it('shows the captions chosen, switches them off, and changes speed and data saver', () => {
    const props = controls();
    render(<PlayerControls {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Player settings' }));
    expect(screen.getByRole('menuitemradio', { name: 'Kinyarwanda' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(screen.getByRole('group', { name: 'Captions' })).getByRole('menuitemradio', { name: 'Off' }));
    expect(props.onCaption).toHaveBeenCalledWith(-1);
    fireEvent.click(screen.getByRole('menuitemradio', { name: '2×' }));
    expect(props.onSpeed).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByRole('menuitemradio', { name: '144p' }));
    expect(props.onDataSaverChange).toHaveBeenCalledWith({ dataSaver: true, dataSaverMaxHeight: 144 });
    // Escape closes the menu.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('storedVolume', () => {
  it('is 50 % on a first visit and the remembered volume afterwards; nonsense falls back to 50 %', () => {
    expect(storedVolume()).toBe(DEFAULT_VOLUME);
    expect(DEFAULT_VOLUME).toBe(0.5);
    localStorage.setItem('sobanura-volume', '0.8');
    expect(storedVolume()).toBe(0.8);
    localStorage.setItem('sobanura-volume', '7');
    expect(storedVolume()).toBe(0.5);
    localStorage.setItem('sobanura-volume', '0');
    expect(storedVolume()).toBe(0);
  });
});
