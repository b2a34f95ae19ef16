// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DETAIL_POSTER_SIZES, GRID_POSTER_SIZES, Poster } from './poster';

afterEach(cleanup);

describe('Poster', () => {
  it('offers an uploaded image at its stored widths, with the grid sizes by default', () => {
    const { container } = render(<Poster sources={['/media/images/p1/640.webp']} alt="" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/images/p1/640.webp');
    expect(img.getAttribute('srcset')).toBe('/media/images/p1/320.webp 320w, /media/images/p1/640.webp 640w');
    expect(img.getAttribute('sizes')).toBe(GRID_POSTER_SIZES);
  });

  it('keeps the caller’s sizes, and gives a poster taken from a video frame no srcset', () => {
    const detail = render(<Poster sources={['/media/images/p1/1280.webp']} alt="" sizes={DETAIL_POSTER_SIZES} />);
    expect(detail.container.querySelector('img')!.getAttribute('sizes')).toBe('240px');
    cleanup();
    const frame = render(<Poster sources={['/media/posters/f.webp']} alt="" />);
    const img = frame.container.querySelector('img')!;
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    // The box is reserved before the image loads: width and height give the browser the 2:3 ratio.
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '600']);
  });
});
