// @vitest-environment jsdom
/**
 * The new-series form (docs/product/admin.md §5, §13; ADR 056): title and category marked required; an empty submit
 * shows both problems beside their fields and no toast; the Rights section starts at the chosen translator's 100 %
 * and sends nothing when left alone, or the changed parts only.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SeriesBody } from '../../../../shared/contracts/admin';
import { initI18n } from '../../../lib/i18n';
import { renderWithClient } from '../../../test/render';
import { SeriesForm, seriesValues } from './series-form';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const TRANSLATOR = '00000000-0000-4000-8000-00000000000c';

function setup() {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ translators: [{ id: TRANSLATOR, name: 'Keza' }] }), { status: 200 })));
  const sent: SeriesBody[] = [];
  renderWithClient(<SeriesForm initial={seriesValues()} submitLabel="Create series" busy={false} withRights onSubmit={async (b) => void sent.push(b)} />);
  return sent;
}
const describedBy = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

describe('SeriesForm (new series)', () => {
  it('names title and category beside their fields at once, with no toast, and sends nothing', async () => {
    const sent = setup();
    const title = screen.getByLabelText('Series title');
    const category = screen.getByLabelText('Category');
    for (const el of [title, category]) expect(el.getAttribute('aria-required')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    await waitFor(() => expect(category.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(title)).toBe('This field is required');
    expect(describedBy(category)).toBe('This field is required');
    expect(toast.error).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it("sends no rights when the section is left at the translator's 100 %, and only the changed parts otherwise", async () => {
    const sent = setup();
    await screen.findByRole('option', { name: 'Keza', hidden: true });
    fireEvent.change(screen.getByLabelText('Series title'), { target: { value: 'Umuryango' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'drama' } });
    fireEvent.change(screen.getByLabelText('Translator'), { target: { value: TRANSLATOR } });
    expect((screen.getByLabelText('Who holds this share') as HTMLSelectElement).value).toBe(TRANSLATOR);
    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ title: 'Umuryango', category: 'drama', translatorId: TRANSLATOR });
    expect(sent[0]).not.toHaveProperty('rights');

    fireEvent.change(screen.getByLabelText('Licence ends'), { target: { value: '2031-01-01T00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.rights).toEqual({ licenceEnd: new Date('2031-01-01T00:00').toISOString() });
  });
});
