// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { PartsList } from './parts-list';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

const part = (id: string, partNumber: number) => ({ id, title: `Part ${partNumber}`, partNumber, durationSeconds: 600, posterUrl: null });

function hrefs(currentId: string, parts: ReturnType<typeof part>[]) {
  render(
    <MemoryRouter>
      <PartsList parts={parts} currentId={currentId} />
    </MemoryRouter>,
  );
  return screen.getAllByTestId('part-link').map((a) => a.getAttribute('href'));
}

describe('PartsList links', () => {
  it("plays a group's parts, which are movies, at their own player page and marks the one on screen", () => {
    expect(hrefs('m2', [part('m1', 1), part('m2', 2)])).toEqual(['/player/m1', '/player/m2']);
    expect(screen.getAllByTestId('part-link')[1]!.getAttribute('aria-current')).toBe('true');
  });

  it("plays a movie's own parts inside that movie's player page", () => {
    expect(hrefs('movie-1', [part('p1', 1), part('p2', 2)])).toEqual(['/player/movie-1?part=p1', '/player/movie-1?part=p2']);
  });

  it('renders nothing without parts', () => {
    render(
      <MemoryRouter>
        <PartsList parts={[]} currentId="m1" />
      </MemoryRouter>,
    );
    expect(screen.queryAllByTestId('part-link')).toHaveLength(0);
  });
});
