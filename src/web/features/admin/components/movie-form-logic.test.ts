import { describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from '../../../../shared/contracts/media';
import { checkImageFile } from '../api/images';
import { validateMovieEdit } from './movie-edit-dialog';
import { emptyMovieForm, validateMovieForm, type MovieFormValues } from './movie-form-logic';
import { newTitleDraft, toLocalInput } from './rights-logic';
import { validateSeries, seriesValues } from './series-form';
import { checkCaptionFile } from './captions-dialog';

const video = (name = 'Inzira Part 2.mp4', type = 'video/mp4', size = 1000) => {
  const f = new File([new Uint8Array(1)], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const filled: MovieFormValues = {
  ...emptyMovieForm,
  category: 'drama',
  description: 'Short',
  fullDescription: 'Long',
  director: 'Kayitare',
  cast: ' Aline , , Eric,',
  trailer: 'https://youtu.be/x',
  year: '2024',
  rating: '7.5',
  thumbnailUrl: '/media/images/00000000-0000-4000-8000-000000000001/640.webp',
};

describe('new-movie form: one pass, every problem at once (docs/product/admin.md §5; ADR 056)', () => {
  it('an empty form names title, category and the file, and nothing else: no thumbnail, no toast', () => {
    const r = validateMovieForm(emptyMovieForm, null);
    expect(r).toEqual({ ok: false, fields: { title: 'required', category: 'required', file: 'fileRequired' }, rights: {} });
  });

  it('title, category and a file are enough; the rest takes its defaults and no rights are sent', () => {
    const r = validateMovieForm({ ...emptyMovieForm, title: ' Inzira ', category: 'drama' }, video());
    expect(r).toEqual({
      ok: true,
      body: { title: 'Inzira', fileName: 'Inzira Part 2.mp4', thumbnailUrl: null, category: 'drama', description: '', fullDescription: '', director: '', cast: [], trailer: null, year: null, rating: 0, isPremium: true, translatorId: null, priceRwf: null },
    });
  });

  it('a library video must be given and verified, beside its field', () => {
    const v = { ...filled, title: 'Inzira', source: 'library' as const };
    expect(validateMovieForm(v, null)).toMatchObject({ ok: false, fields: { videoId: 'enterVideoId' } });
    const id = '00000000-0000-4000-8000-000000000009';
    expect(validateMovieForm({ ...v, videoId: id }, null)).toEqual({ ok: false, fields: { videoId: 'verifyFirst' }, rights: {} });
    const ok = validateMovieForm({ ...v, videoId: id, videoVerified: true }, null);
    expect(ok.ok && ok.body).toMatchObject({ videoId: id, title: 'Inzira' });
    expect(ok.ok && 'fileName' in ok.body).toBe(false);
    // Without a file nor a typed title, a library video has no name to take.
    expect(validateMovieForm({ ...v, title: ' ', videoId: id, videoVerified: true }, null)).toMatchObject({ ok: false, fields: { title: 'required' } });
  });

  it('an empty title becomes the file name without its extension; cast is split on commas', () => {
    const r = validateMovieForm({ ...filled, title: '   ' }, video());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.body).toMatchObject({ title: 'Inzira Part 2', fileName: 'Inzira Part 2.mp4', cast: ['Aline', 'Eric'], year: 2024, rating: 7.5, priceRwf: null, translatorId: null, isPremium: true, thumbnailUrl: filled.thumbnailUrl });
  });

  it('checks the video type and the 5 GB limit beside the file field', () => {
    expect(validateMovieForm({ ...filled, title: 'x' }, video('a.txt', 'text/plain'))).toMatchObject({ ok: false, fields: { file: 'invalidFileTypeText' } });
    expect(validateMovieForm({ ...filled, title: 'x' }, video('a.mp4', 'video/mp4', MAX_VIDEO_BYTES + 1))).toMatchObject({ ok: false, fields: { file: 'fileTooLargeText' } });
    expect(validateMovieForm({ ...filled, title: 'x' }, video('a.mp4', 'video/mp4', MAX_VIDEO_BYTES)).ok).toBe(true);
  });

  it('names the missing fields and the wrong optional ones in the same answer', () => {
    const r = validateMovieForm({ ...emptyMovieForm, year: '1700', trailer: 'youtube', rating: '7.25', priceRwf: '12.5' }, null);
    expect(r).toEqual({ ok: false, fields: { title: 'required', category: 'required', file: 'fileRequired', year: 'yearRange', trailer: 'trailerLink', rating: 'ratingStep', priceRwf: 'priceRange' }, rights: {} });
  });

  it('rating is 0-10 in steps of 0.1, empty is 0', () => {
    const rating = (value: string) => {
      const r = validateMovieForm({ ...filled, rating: value }, video());
      return r.ok ? r.body.rating : r.fields.rating;
    };
    expect(['0', '10', '7.3', '9.9', ''].map(rating)).toEqual([0, 10, 7.3, 9.9, 0]);
    expect(['-0.1', '10.1', 'abc'].map(rating)).toEqual(['ratingRange', 'ratingRange', 'ratingRange']);
    expect(rating('7.25')).toBe('ratingStep');
    const ok = validateMovieForm({ ...filled, priceRwf: '500', translatorId: 't1' }, video());
    expect(ok.ok && ok.body).toMatchObject({ priceRwf: 500, translatorId: 't1' });
  });

  it('sends only the rights the admin changed, and checks them with the rest', () => {
    const t1 = '00000000-0000-4000-8000-0000000000a1';
    const draft = newTitleDraft(t1, new Date('2026-11-29T10:00:00Z'));
    const none = validateMovieForm({ ...filled, translatorId: t1 }, video(), { draft, changed: new Set() });
    expect(none.ok && 'rights' in none.body).toBe(false);
    const countries = validateMovieForm({ ...filled, translatorId: t1 }, video(), { draft: { ...draft, everywhere: false, countries: 'ug, rw' }, changed: new Set(['countries'] as const) });
    expect(countries.ok && countries.body.rights).toEqual({ countries: ['RW', 'UG'] });
    const holders = validateMovieForm(filled, video(), {
      draft: { ...draft, rows: [{ kind: 'translator', translatorId: t1, partyId: '', name: '', percent: '60' }, { kind: 'operator', translatorId: '', partyId: '', name: '', percent: '40' }] },
      changed: new Set(['holders'] as const),
    });
    expect(holders.ok && holders.body.rights).toEqual({ holders: [{ kind: 'translator', translatorId: t1, shareBp: 6000 }, { kind: 'operator', shareBp: 4000 }] });
    const bad = validateMovieForm({ ...emptyMovieForm }, null, { draft: { ...draft, rows: [{ ...draft.rows[0]!, percent: '90' }], end: '2020-01-01T00:00' }, changed: new Set(['holders', 'licenceEnd'] as const) });
    expect(bad).toEqual({ ok: false, fields: { title: 'required', category: 'required', file: 'fileRequired' }, rights: { holders: 'sharesTotal', licenceEnd: 'endBeforeStart' } });
  });

  it("a new title's rights start at the server's defaults: the translator, else the operator, 100 %, now, everywhere", () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(newTitleDraft('', now)).toEqual({ rows: [{ kind: 'operator', translatorId: '', partyId: '', name: '', percent: '100' }], start: toLocalInput(now.toISOString()), end: '', everywhere: true, countries: '' });
    expect(newTitleDraft('t', now).rows).toEqual([{ kind: 'translator', translatorId: 't', partyId: '', name: '', percent: '100' }]);
  });
});

describe('movie edit, series, images, captions', () => {
  it('an edit keeps title and category and checks rating, year, price', () => {
    expect(validateMovieEdit({ title: ' ', category: '', rating: '11', year: '20', trailer: 'x', priceRwf: '0' })).toEqual({
      title: 'required',
      category: 'required',
      rating: 'ratingRange',
      year: 'yearRange',
      trailer: 'trailerLink',
      priceRwf: 'priceRange',
    });
    expect(validateMovieEdit({ title: 'A', category: 'drama', rating: '6.1', year: '', trailer: '', priceRwf: '' })).toEqual({});
  });

  it('a series needs title and category; actors are split on commas', () => {
    expect(validateSeries({ ...seriesValues(), title: 'Umuryango' })).toEqual({ ok: false, fields: { category: 'required' }, rights: {} });
    expect(validateSeries({ ...seriesValues(), rating: '11', year: '20' })).toEqual({ ok: false, fields: { title: 'required', category: 'required', rating: 'ratingRange', year: 'yearRange' }, rights: {} });
    const r = validateSeries({ ...seriesValues(), title: ' Umuryango ', category: 'drama', actors: 'A, B,,C ', rating: '8.2', year: '2025' });
    expect(r.ok && r.body).toMatchObject({ title: 'Umuryango', actors: ['A', 'B', 'C'], rating: 8.2, year: 2025, translatorId: null });
    const withTranslator = validateSeries({ ...seriesValues(), title: 'x', category: 'drama', translatorId: '6f1c1d8e-2b7a-4c39-9f0e-3d2a1b4c5d6e' });
    expect(withTranslator.ok && withTranslator.body.translatorId).toBe('6f1c1d8e-2b7a-4c39-9f0e-3d2a1b4c5d6e');
    expect(validateSeries({ ...seriesValues(), title: 'x', category: 'drama', rating: '8.25' })).toMatchObject({ ok: false, fields: { rating: 'ratingStep' } });
  });

  it('images: JPEG, PNG, GIF, WebP under 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 100 })).toBeNull();
    expect(checkImageFile({ type: 'image/webp', size: 5 * 1024 * 1024 - 1 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBe('imageSize');
    expect(checkImageFile({ type: 'image/svg+xml', size: 100 })).toBe('imageType');
    expect(checkImageFile({ type: '', size: 100 })).toBe('imageType');
  });

  it('captions: .vtt or .srt up to 2 MB', () => {
    expect(checkCaptionFile({ name: 'rw.VTT', size: 10 })).toBeNull();
    expect(checkCaptionFile({ name: 'fr.srt', size: 2 * 1024 * 1024 })).toBeNull();
    expect(checkCaptionFile({ name: 'fr.srt', size: 2 * 1024 * 1024 + 1 })).toBe('captionSize');
    expect(checkCaptionFile({ name: 'en.txt', size: 10 })).toBe('captionType');
  });
});
