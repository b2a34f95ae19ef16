/**
 * Translators (abasobanuzi; on agasobanuye sites one of the main ways people choose a film): created and edited
 * by admins (HTTP routes: ADR 010; these serve tests, the bench seed and later the admin API). A slug is made
 * from the name when none is given.
 * Errors: AppError 400 `validation_failed`, 404 `not_found`, 409 `conflict` (slug taken).
 */
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.js';
import type { ReadCache } from './read-cache.js';
import type { TranslatorRow, TranslatorsRepository } from './translators.repository.js';

/** "Junior Giti" → "junior-giti": accents folded, lower-cased, runs of other characters as one dash. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

const slug = z.string().trim().toLowerCase().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes').max(80);
/** A translator's fields: name (required, up to 120 characters), optional slug (made from the name when absent), photo URL, bio. */
export const translatorInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  slug: slug.optional(),
  photoUrl: z.string().trim().max(1000).nullable().optional().default(null),
  bio: z.string().trim().max(5000).optional().default(''),
});

const taken = () => new AppError(409, 'conflict', 'A translator with this slug already exists');

/** Translators over their repository; a new translator or a rename clears `cache` (the list is read through it). */
export function createTranslatorsService(deps: { repo: TranslatorsRepository; cache?: ReadCache }) {
  const { repo } = deps;
  return {
    async create(input: z.input<typeof translatorInput>): Promise<TranslatorRow> {
      const b = translatorInput.parse(input);
      const s = b.slug ?? slugify(b.name);
      if (!s) throw new AppError(400, 'validation_failed', 'The name gives no slug: give one', { fields: [{ field: 'slug', message: 'Required' }] });
      const row = await repo.create({ ...b, slug: s });
      if (!row) throw taken();
      deps.cache?.clear();
      return row;
    },
    async update(id: string, input: Partial<z.input<typeof translatorInput>>): Promise<TranslatorRow> {
      const b = translatorInput.partial().parse(input);
      const values = Object.fromEntries(Object.entries(b).filter(([k]) => k in input));
      const r = await repo.update(id, values);
      if (r === 'missing') throw notFound('Translator');
      if (r === 'slug_taken') throw taken();
      deps.cache?.clear();
      return r;
    },
  };
}
export type TranslatorsService = ReturnType<typeof createTranslatorsService>;
