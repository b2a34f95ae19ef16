// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaArtwork, useMediaSession, type MediaSessionOptions } from './use-media-session';

/** A stand-in for navigator.mediaSession that records what the hook sets (W3C Media Session's surface). */
function fakeSession() {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  return {
    metadata: null as MediaMetadata | null,
    playbackState: 'none' as MediaSessionPlaybackState,
    handlers,
    positions: [] as (MediaPositionState | undefined)[],
    setActionHandler(action: string, handler: MediaSessionActionHandler | null) {
      if (action === 'seekto' && unsupportedSeekTo) throw new TypeError('not supported');
      handlers.set(action, handler);
    },
    setPositionState(state?: MediaPositionState) {
      this.positions.push(state);
    },
  };
}
let unsupportedSeekTo = false;

class FakeMetadata {
  title: string;
  artist: string;
  artwork: MediaImage[];
  constructor(init: MediaMetadataInit) {
    this.title = init.title ?? '';
    this.artist = init.artist ?? '';
    this.artwork = [...(init.artwork ?? [])];
  }
}

function Player(props: MediaSessionOptions) {
  const ref = useRef<HTMLVideoElement>(null);
  useMediaSession(ref, props);
  return <video ref={ref} data-testid="v" />;
}

let session: ReturnType<typeof fakeSession>;
const actions = () => ({ play: vi.fn(), pause: vi.fn(), seekTo: vi.fn() });

beforeEach(() => {
  unsupportedSeekTo = false;
  session = fakeSession();
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  vi.stubGlobal('MediaMetadata', FakeMetadata);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (navigator as { mediaSession?: unknown }).mediaSession;
});

const video = (el: HTMLElement, currentTime: number, duration: number, playbackRate = 1) => {
  const v = el.querySelector('video')!;
  Object.defineProperty(v, 'duration', { value: duration, configurable: true });
  Object.defineProperty(v, 'currentTime', { value: currentTime, configurable: true, writable: true });
  Object.defineProperty(v, 'playbackRate', { value: playbackRate, configurable: true, writable: true });
  return v;
};

describe('useMediaSession', () => {
  it('shows the title and the poster at every stored width on the lock screen', () => {
    render(<Player title="Intare - Part 2" poster="/media/images/abc/640.webp" {...actions()} />);
    expect(session.metadata).toMatchObject({
      title: 'Intare - Part 2',
      artist: 'Sobanura',
      artwork: [
        { src: '/media/images/abc/320.webp', sizes: '320x480', type: 'image/webp' },
        { src: '/media/images/abc/640.webp', sizes: '640x960', type: 'image/webp' },
      ],
    });
  });

  it('plays, pauses and seeks from the headset or the lock screen', () => {
    const a = actions();
    const { container } = render(<Player title="Film" {...a} />);
    video(container, 100, 600);
    const call = (action: string, details: Partial<MediaSessionActionDetails> = {}) => session.handlers.get(action)!({ action, ...details } as MediaSessionActionDetails);
    call('play');
    expect(a.play).toHaveBeenCalledTimes(1);
    call('pause');
    expect(a.pause).toHaveBeenCalledTimes(1);
    call('seekbackward');
    expect(a.seekTo).toHaveBeenLastCalledWith(90);
    call('seekforward');
    expect(a.seekTo).toHaveBeenLastCalledWith(110);
    call('seekforward', { seekOffset: 30 });
    expect(a.seekTo).toHaveBeenLastCalledWith(130);
    call('seekto', { seekTime: 42 });
    expect(a.seekTo).toHaveBeenLastCalledWith(42);
  });

  it('keeps the position, length and speed current, and the playing state', () => {
    const { container } = render(<Player title="Film" {...actions()} />);
    const v = video(container, 42, 600, 1.5);
    v.dispatchEvent(new Event('timeupdate'));
    expect(session.positions.at(-1)).toEqual({ duration: 600, playbackRate: 1.5, position: 42 });
    v.playbackRate = 2;
    v.dispatchEvent(new Event('ratechange'));
    expect(session.positions.at(-1)).toEqual({ duration: 600, playbackRate: 2, position: 42 });
    v.dispatchEvent(new Event('play'));
    expect(session.playbackState).toBe('playing');
    v.dispatchEvent(new Event('pause'));
    expect(session.playbackState).toBe('paused');
    // No length yet (a live or still loading stream): no position is given rather than a wrong one.
    const count = session.positions.length;
    video(container, 0, Number.NaN).dispatchEvent(new Event('timeupdate'));
    expect(session.positions.length).toBe(count);
  });

  it('clears everything when the player goes', () => {
    const { unmount } = render(<Player title="Film" {...actions()} />);
    expect(session.handlers.get('play')).toBeTypeOf('function');
    unmount();
    expect(session.metadata).toBeNull();
    expect(session.playbackState).toBe('none');
    for (const action of ['play', 'pause', 'seekbackward', 'seekforward', 'seekto']) expect(session.handlers.get(action)).toBeNull();
    expect(session.positions.at(-1)).toBeUndefined();
  });

  it('keeps the other controls when the browser refuses one, and does nothing without the API', () => {
    unsupportedSeekTo = true;
    render(<Player title="Film" {...actions()} />);
    expect(session.handlers.get('play')).toBeTypeOf('function');
    expect(session.handlers.has('seekto')).toBe(false);
    cleanup();
    delete (navigator as { mediaSession?: unknown }).mediaSession;
    expect(() => render(<Player title="Film" {...actions()} />)).not.toThrow();
  });
});

describe('mediaArtwork', () => {
  it('gives one image for a poster of unknown size, and none without a poster', () => {
    expect(mediaArtwork('/media/posters/abc.webp')).toEqual([{ src: '/media/posters/abc.webp', type: 'image/webp' }]);
    expect(mediaArtwork('https://img.example/p.jpg')).toEqual([{ src: 'https://img.example/p.jpg' }]);
    expect(mediaArtwork(null)).toEqual([]);
  });
});
