// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { DisclosureMenu } from './movies-menu';

const links = [
  { to: '/movies', label: 'All Movies' },
  { to: '/movies?tab=series', label: 'Series' },
];

function renderMenu() {
  const menu = (
    <>
      <DisclosureMenu label="Movies" activePath="/movies" links={links} />
      <button type="button">elsewhere</button>
    </>
  );
  return renderRoutes([{ path: '/', element: menu }, { path: '/movies', element: menu }], '/');
}

const button = () => screen.getByRole('button', { name: 'Movies' });
const list = () => document.getElementById(button().getAttribute('aria-controls')!)!;

afterEach(cleanup);

describe('a header disclosure menu (useDisclosure)', () => {
  it('opens and closes with its button, and says so in aria-expanded', () => {
    renderMenu();
    expect([button().getAttribute('aria-expanded'), list().hidden]).toEqual(['false', true]);
    fireEvent.click(button());
    expect([button().getAttribute('aria-expanded'), list().hidden]).toEqual(['true', false]);
    fireEvent.click(button());
    expect(list().hidden).toBe(true);
  });

  it('closes on Escape with focus back on its button', () => {
    renderMenu();
    fireEvent.click(button());
    screen.getByRole('link', { name: 'Series' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(list().hidden).toBe(true);
    expect(document.activeElement).toBe(button());
  });

  it('closes on a pointer down or a focus outside it, not inside', () => {
    renderMenu();
    fireEvent.click(button());
    fireEvent.pointerDown(screen.getByRole('link', { name: 'All Movies' }));
    expect(list().hidden).toBe(false);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }));
    expect(list().hidden).toBe(true);
    fireEvent.click(button());
    fireEvent.focusIn(screen.getByRole('link', { name: 'Series' }));
    expect(list().hidden).toBe(false);
    fireEvent.focusIn(screen.getByRole('button', { name: 'elsewhere' }));
    expect(list().hidden).toBe(true);
  });

  it('closes when the page changes, by its own link or any other navigation', async () => {
    const view = renderMenu();
    fireEvent.click(button());
    fireEvent.click(screen.getByRole('link', { name: 'All Movies' }));
    expect(view.location().pathname).toBe('/movies');
    expect(list().hidden).toBe(true);
    fireEvent.click(button());
    await act(() => view.router.navigate('/'));
    expect(list().hidden).toBe(true);
  });
});
