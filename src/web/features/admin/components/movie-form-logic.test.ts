import { describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from '../../../../shared/contracts/media';
import { checkImageFile } from '../api/images';
import { validateMovieEdit } from './movie-edit-dialog';
import { emptyMovieForm, validateMovieForm, type MovieFormValues } from './movie-form-logic';
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

describe('new-movie form (docs/product/admin.md §5)', () => {
  it('asks for the thumbnail before anything else', () => {
    const r = validateMovieForm({ ...emptyMovieForm }, null);
    expect(r).toMatchObject({ ok: false, toast: { title: 'thumbnailMissing', description: 'thumbnailRequired' } });
  });

  it('refuses an unverified library video, then accepts it once verified', () => {
    const v = { ...filled, title: 'Inzira', source: 'library' as const, videoId: '00000000-0000-4000-8000-000000000009' };
    expect(validateMovieForm(v, null)).toMatchObject({ ok: false, toast: { description: 'verifyFirst' }, fields: { videoId: 'verifyFirst' } });
    const ok = validateMovieForm({ ...v, videoVerified: true }, null);
    expect(ok.ok && ok.body).toMatchObject({ videoId: v.videoId, title: 'Inzira' });
    expect(ok.ok && 'fileName' in ok.body).toBe(false);
  });

  it('needs a file and a title: Missing Information', () => {
    expect(validateMovieForm(filled, null)).toMatchObject({ ok: false, toast: { title: 'missingInfo', description: 'missingInfoText' }, fields: { file: 'required' } });
  });

  it('an empty title becomes the file name without its extension; cast is split on commas', () => {
    const r = validateMovieForm({ ...filled, title: '   ' }, video());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.body).toMatchObject({ title: 'Inzira Part 2', fileName: 'Inzira Part 2.mp4', cast: ['Aline', 'Eric'], year: 2024, rating: 7.5, priceRwf: null, translatorId: null, isPremium: true });
  });

  it('checks the video type and the 5 GB limit', () => {
    expect(validateMovieForm({ ...filled, title: 'x' }, video('a.txt', 'text/plain'))).toMatchObject({ ok: false, toast: { title: 'invalidFileType' } });
    expect(validateMovieForm({ ...filled, title: 'x' }, video('a.mp4', 'video/mp4', MAX_VIDEO_BYTES + 1))).toMatchObject({ ok: false, toast: { title: 'fileTooLarge' } });
    expect(validateMovieForm({ ...filled, title: 'x' }, video('a.mp4', 'video/mp4', MAX_VIDEO_BYTES)).ok).toBe(true);
  });

  it('lists every empty required field at once', () => {
    const r = validateMovieForm({ ...emptyMovieForm, thumbnailUrl: filled.thumbnailUrl, title: 'x', cast: ' , ' }, video());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.toast).toBeNull();
    expect(Object.keys(r.fields).sort()).toEqual(['cast', 'category', 'description', 'director', 'fullDescription', 'rating', 'trailer', 'year']);
  });

  it('rating is 0-10 in steps of 0.1', () => {
    const rating = (value: string) => {
      const r = validateMovieForm({ ...filled, rating: value }, video());
      return r.ok ? 'ok' : r.fields.rating;
    };
    expect(['0', '10', '7.3', '9.9'].map(rating)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(['-0.1', '10.1', 'abc'].map(rating)).toEqual(['ratingRange', 'ratingRange', 'ratingRange']);
    expect(rating('7.25')).toBe('ratingStep');
  });

  it('checks year, trailer link and one-off price', () => {
    const r = validateMovieForm({ ...filled, year: '1700', trailer: 'youtube', priceRwf: '12.5' }, video());
    expect(r).toMatchObject({ ok: false, fields: { year: 'yearRange', trailer: 'trailerLink', priceRwf: 'priceRange' } });
    const ok = validateMovieForm({ ...filled, priceRwf: '500', translatorId: 't1' }, video());
    expect(ok.ok && ok.body).toMatchObject({ priceRwf: 500, translatorId: 't1' });
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
    expect(validateSeries({ ...seriesValues(), title: 'Umuryango' })).toMatchObject({ ok: false, missing: true, fields: { category: 'required' } });
    const r = validateSeries({ ...seriesValues(), title: ' Umuryango ', category: 'drama', actors: 'A, B,,C ', rating: '8.2', year: '2025' });
    expect(r.ok && r.body).toMatchObject({ title: 'Umuryango', actors: ['A', 'B', 'C'], rating: 8.2, year: 2025, translatorId: null });
    const withTranslator = validateSeries({ ...seriesValues(), title: 'x', category: 'drama', translatorId: '6f1c1d8e-2b7a-4c39-9f0e-3d2a1b4c5d6e' });
    expect(withTranslator.ok && withTranslator.body.translatorId).toBe('6f1c1d8e-2b7a-4c39-9f0e-3d2a1b4c5d6e');
    expect(validateSeries({ ...seriesValues(), title: 'x', category: 'drama', rating: '8.25' })).toMatchObject({ ok: false, missing: false, fields: { rating: 'ratingStep' } });
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
