import { describe, expect, it } from 'vitest';
import { playerPlan } from './player-route';

const part = (id: string, partNumber: number) => ({ id, title: `Part ${partNumber}`, partNumber, durationSeconds: 600, posterUrl: null });

describe('playerPlan', () => {
  const group = [part('m1', 1), part('m2', 2), part('m3', 3)];

  it('in a group: plays the movie itself, marks it, and Next Part opens the next movie; none after the last', () => {
    const p = playerPlan({ id: 'm2', parts: group, videoStatus: 'ready' }, null);
    expect(p.source).toEqual({ id: 'm2' });
    expect(p.current?.partNumber).toBe(2);
    expect(p.next?.href).toBe('/player/m3');
    expect(p.side.map((s) => [s.href, s.current])).toEqual([
      ['/player/m1', false],
      ['/player/m2', true],
      ['/player/m3', false],
    ]);
    expect(playerPlan({ id: 'm3', parts: group, videoStatus: 'ready' }, null).next).toBeNull();
  });

  it('with its own parts: plays ?part=, links parts as ?part=, and a movie without its own video starts at part 1', () => {
    const own = [part('p2', 2), part('p1', 1)];
    const p = playerPlan({ id: 'm', parts: own, videoStatus: null }, null);
    expect(p.source).toEqual({ id: 'm', partId: 'p1' });
    expect(p.next?.href).toBe('/player/m?part=p2');
    const second = playerPlan({ id: 'm', parts: own, videoStatus: null }, 'p2');
    expect(second.source).toEqual({ id: 'm', partId: 'p2' });
    expect(second.current?.partNumber).toBe(2);
    expect(second.next).toBeNull();
    // An unknown part id is ignored rather than sent to the server.
    expect(playerPlan({ id: 'm', parts: own, videoStatus: 'ready' }, 'nope').source).toEqual({ id: 'm' });
  });

  it('a lone movie has no part badge, no side list and no next part', () => {
    const p = playerPlan({ id: 'x', parts: [], videoStatus: 'ready' }, 'p1');
    expect(p).toEqual({ source: { id: 'x' }, current: null, next: null, side: [] });
  });
});
