// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { renderWithClient } from '../../../test/render';
import { ladderMegabytesPerHour } from './data-figures';
import { DataSaverSettings } from './data-saver-settings';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

type Stored = { dataSaver: boolean | null; dataSaverMaxHeight: 144 | 240 };

/** A fake /api/playback/settings keeping `stored`; `failPut` answers PUTs with that error instead. */
function serve(stored: Stored, failPut?: { status: number; code: string; message: string }) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      expect(url).toBe('/api/playback/settings');
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if ((init.method ?? 'GET') === 'GET') return json(200, stored);
      const body = JSON.parse(String(init.body)) as Partial<Stored>;
      puts.push(body);
      if (failPut) return json(failPut.status, { error: { code: failPut.code, message: failPut.message } });
      stored = { dataSaver: body.dataSaver ?? null, dataSaverMaxHeight: body.dataSaverMaxHeight ?? stored.dataSaverMaxHeight };
      return json(200, stored);
    }),
  );
  return puts;
}

const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('what an hour of a data-saver rung costs by the ladder', () => {
  it('is (video + audio) × 3,600 / 8 bytes: 144p about 62 MB, 240p about 201 MB; an unknown rung throws', () => {
    expect(ladderMegabytesPerHour(144)).toBeCloseTo(62.1, 1);
    expect(ladderMegabytesPerHour(240)).toBeCloseTo(200.7, 1);
    expect(() => ladderMegabytesPerHour(300 as never)).toThrow(RangeError);
  });
});

describe('the data saver on the settings page (ADR 028)', () => {
  it('says the browser decides while nothing is chosen, with what an hour of each rung costs', async () => {
    serve({ dataSaver: null, dataSaverMaxHeight: 240 });
    renderWithClient(<DataSaverSettings />);
    await screen.findByText('Not chosen yet: the data saver switches on by itself when your browser asks to save data.');
    expect([radio(/144p/), radio(/240p/), radio(/Best quality/)].map((r) => r.checked)).toEqual([false, false, false]);
    expect(screen.getByText('~62 MB per hour')).toBeTruthy();
    expect(screen.getByText('~201 MB per hour')).toBeTruthy();
  });

  it('stores a choice for the account, shows it checked and says it is saved; a rung keeps its own choice', async () => {
    const puts = serve({ dataSaver: null, dataSaverMaxHeight: 240 });
    renderWithClient(<DataSaverSettings />);
    fireEvent.click(await screen.findByRole('radio', { name: /Save the most \(144p\)/ }));
    // Checked as the click returns, before the save answers (a browser's check reads it then).
    expect(radio(/144p/).checked).toBe(true);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Data saver saved'));
    expect(puts).toEqual([{ dataSaver: true, dataSaverMaxHeight: 144 }]);
    expect(radio(/144p/).checked).toBe(true);
    expect(screen.queryByText(/Not chosen yet/)).toBeNull();

    fireEvent.click(radio(/Best quality/));
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(2));
    expect(puts.at(-1)).toEqual({ dataSaver: false });
    expect(radio(/Best quality/).checked).toBe(true);
    expect(radio(/144p/).checked).toBe(false);
  });

  it('shows the stored choice when the page opens', async () => {
    serve({ dataSaver: true, dataSaverMaxHeight: 240 });
    renderWithClient(<DataSaverSettings />);
    await waitFor(() => expect(radio(/Save data \(240p\)/).checked).toBe(true));
  });

  it('goes back to the stored choice and says why when the save fails', async () => {
    serve({ dataSaver: true, dataSaverMaxHeight: 240 }, { status: 503, code: 'service_unavailable', message: 'Try again in a moment' });
    renderWithClient(<DataSaverSettings />);
    await waitFor(() => expect(radio(/240p/).checked).toBe(true));
    fireEvent.click(radio(/Best quality/));
    expect(radio(/Best quality/).checked).toBe(true);
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(String(toast.error.mock.calls[0]![0])).toMatch(/\S/);
    expect(toast.success).not.toHaveBeenCalled();
    expect(radio(/240p/).checked).toBe(true);
    expect(radio(/Best quality/).checked).toBe(false);
  });

  it('offers to try again when the setting cannot be read', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'internal', message: 'boom' } }), { status: 500, headers: { 'content-type': 'application/json' } })));
    renderWithClient(<DataSaverSettings />);
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
