// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackResponse } from '../../../../shared/contracts/playback';
import { initI18n } from '../../../lib/i18n';
import { json } from '../../../test/catalog-fixtures';
import { renderRoutes } from '../../../test/render';
import { prestartPlayback, resetSignedPlaybackForTests } from '../hooks/use-signed-playback';
import { Playback } from './playback';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const MOVIE = '00000000-0000-4000-8000-00000000000a';
const VIDEO = '00000000-0000-4000-8000-0000000000b1';
const SESSION = '00000000-0000-4000-8000-0000000000c1';
const OTHER_SESSION = '00000000-0000-4000-8000-0000000000c2';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => resetSignedPlaybackForTests());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

function playback(overrides: Partial<PlaybackResponse> = {}): PlaybackResponse {
  return {
    url: `/media/v/${VIDEO}/1.u.sig/master.m3u8`,
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    sessionId: SESSION,
    videoId: VIDEO,
    durationSeconds: 600,
    heartbeatIntervalSeconds: 30,
    renditions: [
      { name: '144p', width: 256, height: 144, bandwidth: 160_000, averageBandwidth: 140_000, megabytesPerHour: 63, megabytesForVideo: 10.5 },
      { name: '240p', width: 426, height: 240, bandwidth: 480_000, averageBandwidth: 446_000, megabytesPerHour: 200.7, megabytesForVideo: 33.5 },
      { name: '360p', width: 640, height: 360, bandwidth: 850_000, averageBandwidth: 796_000, megabytesPerHour: 358.2, megabytesForVideo: 59.7 },
      { name: '720p', width: 1280, height: 720, bandwidth: 2_800_000, averageBandwidth: 2_628_000, megabytesPerHour: 1182.6, megabytesForVideo: 197.1 },
    ],
    maxHeight: 720,
    capReason: 'plan',
    dataSaver: false,
    dataSaverSource: null,
    dataSaverMaxHeight: 240,
    captions: [],
    resumeSeconds: null,
    start: null,
    ...overrides,
  };
}

type Handler = (method: string, url: string, body: unknown) => Response | undefined;

/** Routes fetch through `handler`; records every call. */
function serve(handler: Handler) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      return handler(method, url, body) ?? json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
  return calls;
}

function renderPlayback(source: { id: string; partId?: string } | null = { id: MOVIE }) {
  return renderRoutes([{ path: '/player/:id', element: <Playback source={source} title="Inzira" backTo={`/watch/${MOVIE}`} /> }, { path: '*', element: <p>elsewhere</p> }], `/player/${MOVIE}`);
}

describe('Playback', () => {
  it('says "No video selected" when there is nothing to play, and asks the server nothing', () => {
    const calls = serve(() => undefined);
    renderPlayback(null);
    expect(screen.getByText('No video selected')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows Subscription Required, with the expired text, when the server refuses for an expired pass', async () => {
    serve((m, u) => (m === 'POST' && u === `/api/playback/${MOVIE}` ? json(403, { error: { code: 'subscription_required', message: 'x', details: { reason: 'expired' } } }) : undefined));
    renderPlayback();
    expect(await screen.findByText('Subscription Required')).toBeTruthy();
    expect(screen.getByText('Your subscription has expired. Please subscribe to a plan to continue watching.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Subscription Plans' }).getAttribute('href')).toBe('/subscribe');
    expect(screen.queryByTestId('player-video')).toBeNull();
  });

  it('names the stream limit and the plan, lists the other devices, and stopping one retries', async () => {
    let refuse = true;
    const calls = serve((m, u) => {
      if (m === 'POST' && u === `/api/playback/${MOVIE}`) {
        return refuse
          ? json(409, {
              error: {
                code: 'stream_limit_reached',
                message: 'limit',
                details: { limit: 1, plan: 'daily', sessions: [{ id: OTHER_SESSION, device: 'Chrome on Android', title: 'Intare', videoId: VIDEO, startedAt: '2026-01-01T10:00:00Z', lastSeenAt: '2026-01-01T10:05:00Z' }] },
              },
            })
          : json(200, playback());
      }
      if (m === 'DELETE' && u === `/api/playback/sessions/${OTHER_SESSION}`) {
        refuse = false;
        return json(204, null);
      }
      return undefined;
    });
    renderPlayback();
    expect(await screen.findByText('Too many screens')).toBeTruthy();
    expect(screen.getByTestId('stream-limit-text').textContent).toBe('Your Daily Pass allows 1 screen at a time, and it is already in use.');
    expect(screen.getByText('Chrome on Android')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    // After the other device stops, the player asks again and gets a URL: jsdom plays no HLS, so the
    // player reaches its "not supported" failure, which proves it got past the refusal.
    expect(await screen.findByText('Video format not supported')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === `/api/playback/${MOVIE}`)).toHaveLength(2);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows a video error of section 8 with Retry Video (asking a fresh URL) and Go Back', async () => {
    const calls = serve((m, u) => (m === 'POST' && u === `/api/playback/${MOVIE}` ? json(200, playback()) : undefined));
    const view = renderPlayback();
    expect(await screen.findByText('Video Playback Error')).toBeTruthy();
    expect(screen.getByText('Video format not supported')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry Video' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url === `/api/playback/${MOVIE}`)).toHaveLength(2));
    // The retry hands back the session it holds, so it does not count as another screen.
    expect(calls.filter((c) => c.url === `/api/playback/${MOVIE}`)[1]!.body).toEqual({ sessionId: SESSION });
    fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(view.location().pathname).toBe(`/watch/${MOVIE}`));
  });

  it('shows the rate limit with its seconds, and a refused signed URL with the server’s reason', async () => {
    serve((m) => (m === 'POST' ? json(429, { error: { code: 'rate_limited', message: 'slow', details: { retryAfterSeconds: 42 } } }) : undefined));
    renderPlayback();
    expect(await screen.findByText('Rate limit exceeded. Try again in 42 seconds.')).toBeTruthy();
    cleanup();
    resetSignedPlaybackForTests();
    serve((m) => (m === 'POST' ? json(500, { error: { code: 'internal', message: 'boom' } }) : undefined));
    renderPlayback();
    expect(await screen.findByText('Failed to get signed URL. Something went wrong on our side. Please try again.')).toBeTruthy();
  });

  it('tells a video still processing and a title without video apart', async () => {
    serve((m) => (m === 'POST' ? json(409, { error: { code: 'video_not_ready', message: 'x' } }) : undefined));
    renderPlayback();
    expect(await screen.findByText('This video is still being processed. Please check back in a few minutes.')).toBeTruthy();
    cleanup();
    resetSignedPlaybackForTests();
    serve((m) => (m === 'POST' ? json(404, { error: { code: 'video_not_available', message: 'x' } }) : undefined));
    renderPlayback();
    expect(await screen.findByText('Video Not Available')).toBeTruthy();
    expect(screen.getByText("This content doesn't have a video source available yet.")).toBeTruthy();
  });

  it('offers the data saver at first play (144p, 240p or off, each with MB per hour), next to the player, saves the choice and asks a capped URL', async () => {
    // A browser that plays HLS itself (jsdom loads nothing), so the player stays on screen with the prompt.
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const calls = serve((m, u) => {
      if (m === 'POST' && u === `/api/playback/${MOVIE}`) return json(200, playback({ dataSaver: calls.some((c) => c.method === 'PUT') ? true : null }));
      if (m === 'PUT' && u === '/api/playback/settings') return json(200, { dataSaver: true, dataSaverMaxHeight: 144 });
      return undefined;
    });
    renderPlayback();
    expect(await screen.findByText('Save mobile data?')).toBeTruthy();
    expect(screen.getByTestId('player-video')).toBeTruthy();
    const choices = screen.getAllByRole('button').filter((b) => b.closest('[data-testid="data-saver-prompt"]')).map((b) => b.textContent);
    expect(choices).toEqual(['Save the most (144p)~63 MB per hour', 'Save data (240p)~201 MB per hour', 'Best quality~1,183 MB per hour']);
    fireEvent.click(screen.getByRole('button', { name: /Save the most \(144p\)/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ dataSaver: true, dataSaverMaxHeight: 144 });
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({ sessionId: SESSION });
    // The player is there the whole time and the answered prompt goes away.
    expect(screen.getByTestId('player-video')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('data-saver-prompt')).toBeNull());
  });

  it('stores "off" from the prompt without asking another URL', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const calls = serve((m, u) => {
      if (m === 'POST' && u === `/api/playback/${MOVIE}`) return json(200, playback({ dataSaver: null }));
      if (m === 'PUT' && u === '/api/playback/settings') return json(200, { dataSaver: false, dataSaverMaxHeight: 240 });
      return undefined;
    });
    renderPlayback();
    fireEvent.click(await screen.findByRole('button', { name: /Best quality/ }));
    await waitFor(() => expect(screen.queryByTestId('data-saver-prompt')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ dataSaver: false });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says the browser asked to save data, sends its saveData hint, and its switch stores an explicit off', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { connection: { saveData: true } }));
    const calls = serve((m, u) => {
      if (m === 'POST' && u === `/api/playback/${MOVIE}`) {
        const off = calls.some((c) => c.method === 'PUT');
        return json(200, playback(off ? { dataSaver: false } : { dataSaver: null, dataSaverSource: 'browser', capReason: 'data_saver', maxHeight: 240, renditions: playback().renditions.slice(0, 2) }));
      }
      if (m === 'PUT' && u === '/api/playback/settings') return json(200, { dataSaver: false, dataSaverMaxHeight: 240 });
      return undefined;
    });
    renderPlayback();
    expect(await screen.findByText('Data saver is on (your browser asked to save data)')).toBeTruthy();
    expect(screen.queryByTestId('data-saver-prompt')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ saveData: true });
    const toggle = screen.getByRole('switch', { name: 'Data saver' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ dataSaver: false });
    await waitFor(() => expect(screen.queryByTestId('data-saver-notice')).toBeNull());
  });

  it('sends no saveData hint when the browser does not ask', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { connection: { saveData: false } }));
    const calls = serve((m, u) => (m === 'POST' && u === `/api/playback/${MOVIE}` ? json(200, playback()) : undefined));
    renderPlayback();
    expect(await screen.findByTestId('player-video')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({});
    expect(screen.queryByTestId('data-saver-notice')).toBeNull();
  });

  it('sends the part of a movie to the server', async () => {
    const part = '00000000-0000-4000-8000-0000000000d1';
    const calls = serve((m) => (m === 'POST' ? json(403, { error: { code: 'subscription_required', message: 'x', details: { reason: 'none' } } }) : undefined));
    renderPlayback({ id: MOVIE, partId: part });
    expect(await screen.findByText('You need an active subscription to watch this content. Choose from our available plans.')).toBeTruthy();
    expect(calls[0]!.body).toEqual({ partId: part });
  });

  it('takes the answer of a request started before the page was drawn: one POST, no heartbeat in front of the picture', async () => {
    // jsdom has no Media Source Extensions: the player plays through the browser's own HLS, as in the tests above.
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const calls = serve((m, url) => (m === 'POST' && url === `/api/playback/${MOVIE}` ? json(200, playback()) : undefined));
    prestartPlayback({ id: MOVIE });
    prestartPlayback({ id: MOVIE });
    await waitFor(() => expect(calls).toHaveLength(1));
    const { container } = renderPlayback();
    await waitFor(() => expect(container.querySelector('video')).toBeTruthy());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST /api/playback/${MOVIE}`]);
  });

  it('shows the refusal of the early request without asking again', async () => {
    const calls = serve((m) => (m === 'POST' ? json(403, { error: { code: 'subscription_required', message: 'x', details: { reason: 'none' } } }) : undefined));
    prestartPlayback({ id: MOVIE });
    await waitFor(() => expect(calls).toHaveLength(1));
    renderPlayback();
    expect(await screen.findByText('You need an active subscription to watch this content. Choose from our available plans.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
