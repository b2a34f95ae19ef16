// @vitest-environment jsdom
/** The quality menu's costs (MB per hour and for the whole video, localised) and the data saver's rungs (ADR 028). */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlaybackRendition } from '../../../../shared/contracts/playback';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { formatMegabytes, renditionWithin } from './data-figures';
import { PlayerControls, type PlayerControlsProps } from './player-controls';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await changeLanguage('en');
});

const renditions: PlaybackRendition[] = [
  { name: '144p', width: 256, height: 144, bandwidth: 160_000, averageBandwidth: 140_000, megabytesPerHour: 63, megabytesForVideo: 4.7 },
  { name: '240p', width: 426, height: 240, bandwidth: 480_000, averageBandwidth: 446_000, megabytesPerHour: 200.7, megabytesForVideo: 150.5 },
  { name: '1080p', width: 1920, height: 1080, bandwidth: 5_000_000, averageBandwidth: 4_600_000, megabytesPerHour: 2070, megabytesForVideo: 1552.5 },
];

function props(overrides: Partial<PlayerControlsProps> = {}): PlayerControlsProps {
  const noop = () => undefined;
  return {
    visible: true, playing: true, waiting: false, time: 0, duration: 2700, buffered: 0, volume: 0.5, muted: false, speed: 1, speeds: [1],
    qualities: [{ index: 0, name: '144p', bitrate: 160_000 }, { index: 1, name: '240p', bitrate: 480_000 }, { index: 2, name: '1080p', bitrate: 5_000_000 }, { index: 3, name: '480p', bitrate: 1_400_000 }],
    quality: -1, activeRendition: '', renditions, captions: [], caption: -1, fullscreen: false, pipSupported: false,
    dataSaver: null, dataSaverSource: null, dataSaverMaxHeight: 240, onDataSaverChange: vi.fn(),
    onMenuOpenChange: noop, onTogglePlay: noop, onSeek: noop, onVolume: noop, onToggleMute: noop, onSpeed: noop, onQuality: vi.fn(), onCaption: noop,
    onToggleCaptions: noop, onToggleFullscreen: noop, onTogglePip: noop,
    ...overrides,
  };
}

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: /Player settings|Paramètres|Igenamiterere/ }));
const quality = () => within(screen.getByRole('group', { name: /Quality|Qualité|Ubwiza/ }));

describe('PlayerControls: what each quality costs', () => {
  it('gives every rendition its MB per hour and for the whole video; a level the server did not measure has the hour only', () => {
    render(<PlayerControls {...props()} />);
    openMenu();
    expect(quality().getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual([
      'Auto',
      '480p~630 MB per hour',
      '1080p~2,070 MB per hour1,553 MB in all',
      '240p~201 MB per hour151 MB in all',
      '144p~63 MB per hour4.7 MB in all',
    ]);
  });

  it('writes the figures in French and Kinyarwanda with their separators (ADR 025: U+202F in French)', async () => {
    await changeLanguage('fr');
    const { unmount } = render(<PlayerControls {...props()} />);
    openMenu();
    expect(quality().getByRole('menuitemradio', { name: /1080p/ }).textContent).toBe('1080p~2\u202f070 Mo par heure1\u202f553 Mo au total');
    expect(quality().getByRole('menuitemradio', { name: /144p/ }).textContent).toBe('144p~63 Mo par heure4,7 Mo au total');
    unmount();
    await changeLanguage('rw');
    render(<PlayerControls {...props()} />);
    openMenu();
    expect(quality().getByRole('menuitemradio', { name: /1080p/ }).textContent).toBe('1080p~2.070 MB mu isaha1.553 MB byose hamwe');
  });
});

describe('PlayerControls: the data saver', () => {
  const saver = () => within(screen.getByRole('group', { name: 'Data saver' }));
  const checked = () => saver().getAllByRole('menuitemradio').filter((i) => i.getAttribute('aria-checked') === 'true').map((i) => i.textContent);

  it('offers off, 240p and 144p, and sends the choice', () => {
    const p = props();
    render(<PlayerControls {...p} />);
    openMenu();
    expect(saver().getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual(['Off', '240p', '144p']);
    expect(checked()).toEqual(['Off']);
    fireEvent.click(saver().getByRole('menuitemradio', { name: '240p' }));
    expect(p.onDataSaverChange).toHaveBeenLastCalledWith({ dataSaver: true, dataSaverMaxHeight: 240 });
    fireEvent.click(saver().getByRole('menuitemradio', { name: 'Off' }));
    expect(p.onDataSaverChange).toHaveBeenLastCalledWith({ dataSaver: false });
  });

  it("checks the viewer's rung, and says when the browser turned it on", () => {
    const { unmount } = render(<PlayerControls {...props({ dataSaver: true, dataSaverSource: 'viewer', dataSaverMaxHeight: 144 })} />);
    openMenu();
    expect(checked()).toEqual(['144p']);
    expect(screen.queryByText('On because your browser asked to save data.')).toBeNull();
    unmount();
    render(<PlayerControls {...props({ dataSaver: null, dataSaverSource: 'browser', dataSaverMaxHeight: 240 })} />);
    openMenu();
    expect(checked()).toEqual(['240p']);
    expect(screen.getByText('On because your browser asked to save data.')).toBeTruthy();
  });

  it('has no data saver group when the page gives no way to change it', () => {
    render(<PlayerControls {...props({ onDataSaverChange: undefined })} />);
    openMenu();
    expect(screen.queryByRole('group', { name: 'Data saver' })).toBeNull();
  });
});

describe('data figures', () => {
  it('formats megabytes with one decimal under 10 and whole above, in each language', () => {
    expect([formatMegabytes(0.84, 'en'), formatMegabytes(4.66, 'fr'), formatMegabytes(1552.5, 'en'), formatMegabytes(1552.4, 'rw'), formatMegabytes(12345, 'fr')]).toEqual(['0.8', '4,7', '1,553', '1.552', '12\u202f345']);
  });
  it('picks the highest rendition within a cap, else the lowest, and nothing from nothing', () => {
    expect(renditionWithin(renditions, 240)?.name).toBe('240p');
    expect(renditionWithin(renditions, null)?.name).toBe('1080p');
    expect(renditionWithin(renditions.slice(1), 144)?.name).toBe('240p');
    expect(renditionWithin([], 144)).toBeNull();
  });
});
