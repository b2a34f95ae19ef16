// @vitest-environment jsdom
/**
 * The new-movie form as an admin meets it (docs/product/admin.md §5, §13; ADR 056): required fields marked; an empty
 * submit shows every problem at once beside its field (aria-invalid, aria-describedby) and no toast, and sends
 * nothing; title, category from the list and a file are enough, with no thumbnail and no rights sent (the server's
 * defaults); the Rights section follows the chosen translator and its problems show beside it in the same pass.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { renderWithClient } from '../../../test/render';
import { NewMovieForm } from './new-movie-form';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
const uploads = vi.hoisted(() => ({ add: vi.fn() }));
vi.mock('../hooks/use-uploads', () => ({ uploadStore: () => uploads }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const TRANSLATOR = '00000000-0000-4000-8000-00000000000b';

function setup(refusal: object | null = null) {
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/api/admin/translators')) return new Response(JSON.stringify({ translators: [{ id: TRANSLATOR, name: 'Junior Giti' }] }), { status: 200 });
      if (init.method === 'POST') posts.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      if (url === '/api/admin/videos/validate') return new Response(JSON.stringify({ success: true, errors: [] }), { status: 200 });
      if (url === '/api/admin/movies/form' && refusal) return new Response(JSON.stringify(refusal), { status: 400 });
      if (url === '/api/admin/movies/form') return new Response(JSON.stringify({ movie: { id: 'm1', title: (posts.at(-1)!.body.title as string) ?? '' } }), { status: 201 });
      return new Response(JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 }), { status: 200 });
    }),
  );
  renderWithClient(<NewMovieForm />);
  return posts;
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Upload movie' }));
/** The text beside a control: the element its aria-describedby names. */
const describedBy = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;
const video = () => new File([new Uint8Array(8)], 'Inzira.mp4', { type: 'video/mp4' });

describe('NewMovieForm', () => {
  it('marks the required fields, and an empty submit shows every error at once beside its field, no toast, nothing sent', async () => {
    const posts = setup();
    const title = screen.getByLabelText('Title');
    const category = screen.getByLabelText('Category');
    const file = screen.getByLabelText('Video file');
    for (const el of [title, category, file]) {
      expect(el.hasAttribute('required')).toBe(true);
      expect(el.getAttribute('aria-required')).toBe('true');
    }
    for (const optional of ['Description', 'Director', 'Trailer link', 'Year', 'Thumbnail']) expect(screen.getByLabelText(optional).hasAttribute('required'), optional).toBe(false);
    expect(screen.getByText('Fields marked * are required.')).toBeTruthy();

    submit();
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(title)).toBe('This field is required');
    expect(category.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(category)).toBe('This field is required');
    expect(file.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(file)).toBe('Choose a video file');
    // Optional fields are not marked, and nothing else was said: no toast, no request.
    expect(screen.getByLabelText('Trailer link').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText(/thumbnail image before/i)).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
    expect(posts).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(title));

    // Fixing a field clears its own error only.
    fireEvent.change(title, { target: { value: 'Inzira' } });
    expect(title.hasAttribute('aria-invalid')).toBe(false);
    expect(describedBy(category)).toBe('This field is required');
  });

  it('adds the film with title, a category from the list and a file only: no thumbnail, no rights, then the upload', async () => {
    const posts = setup();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Inzira' } });
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    expect([...category.options].map((o) => o.value)).toEqual(['', 'action', 'comedy', 'drama', 'horror', 'sci-fi', 'thriller', 'documentary']);
    fireEvent.change(category, { target: { value: 'drama' } });
    fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [video()] } });
    submit();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Movie added successfully', { description: 'Inzira has been added to the platform' }));
    expect(posts.map((p) => p.url)).toEqual(['/api/admin/videos/validate', '/api/admin/movies/form']);
    expect(posts[1]!.body).toEqual({ title: 'Inzira', fileName: 'Inzira.mp4', thumbnailUrl: null, category: 'drama', description: '', fullDescription: '', director: '', cast: [], trailer: null, year: null, rating: 0, isPremium: true, translatorId: null, priceRwf: null });
    expect(uploads.add).toHaveBeenCalledWith({ kind: 'movie', id: 'm1' }, 'Inzira', expect.any(File));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("the Rights section starts at the chosen translator's 100 %, sends what was changed, and its problems show in the same pass", async () => {
    const posts = setup();
    await screen.findByRole('option', { name: 'Junior Giti', hidden: true });
    fireEvent.change(screen.getByLabelText('Translator'), { target: { value: TRANSLATOR } });
    expect((screen.getByLabelText('Holder type') as HTMLSelectElement).value).toBe('translator');
    expect((screen.getByLabelText('Who holds this share') as HTMLSelectElement).value).toBe(TRANSLATOR);
    expect((screen.getByLabelText('Share in percent') as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('Every country') as HTMLInputElement).checked).toBe(true);

    fireEvent.change(screen.getByLabelText('Share in percent'), { target: { value: '90' } });
    submit();
    const share = screen.getByLabelText('Share in percent');
    await waitFor(() => expect(share.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(share)).toBe('The shares must add up to exactly 100 %.');
    expect(describedBy(screen.getByLabelText('Title'))).toBe('This field is required');
    expect(posts).toEqual([]);

    fireEvent.change(share, { target: { value: '100' } });
    fireEvent.click(screen.getByLabelText('Every country'));
    fireEvent.change(screen.getByLabelText('Countries (ISO codes, e.g. RW, UG)'), { target: { value: 'rw' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Inzira' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'action' } });
    fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [video()] } });
    submit();
    await waitFor(() => expect(posts.map((p) => p.url)).toContain('/api/admin/movies/form'));
    expect(posts.at(-1)!.body).toMatchObject({ translatorId: TRANSLATOR, rights: { holders: [{ kind: 'translator', translatorId: TRANSLATOR, shareBp: 10_000 }], countries: ['RW'] } });
    expect(Object.keys(posts.at(-1)!.body.rights as object).sort()).toEqual(['countries', 'holders']);
  });

  it("puts the server's refusal beside the fields it names, and toasts only what names no field of the form", async () => {
    const fill = () => {
      fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Inzira' } });
      fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'drama' } });
      fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [video()] } });
      submit();
    };
    setup({ error: { code: 'validation_failed', message: 'Invalid input', details: { fields: [{ field: 'body.translatorId', message: 'Translator not found' }, { field: 'body.rights.holders', message: 'The shares must add up to 100 %' }] } } });
    fill();
    await waitFor(() => expect(describedBy(screen.getByLabelText('Translator'))).toBe('Translator not found'));
    expect(describedBy(screen.getByLabelText('Share in percent'))).toBe('The shares must add up to 100 %');
    expect(toast.error).not.toHaveBeenCalled();
    cleanup();

    setup({ error: { code: 'validation_failed', message: 'Invalid input', details: { fields: [{ field: 'body.isPremium', message: 'Expected a boolean' }] } } });
    fill();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error adding movie', expect.anything()));
  });
});
