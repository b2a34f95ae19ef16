/**
 * Translators (abasobanuzi; on agasobanuye sites one of the main ways people choose a film): created, edited,
 * merged and removed by admins (docs/product/admin.md §12; docs/decisions/047-translators-as-people.md), also used by
 * tests, the bench seed and the command line. A slug is made from the name when none is given. The email is
 * lower-cased and unique among translators; the phone is a Rwandan or Ugandan mobile number read by `parseMsisdn`
 * (src/shared/domain/msisdn.ts), stored as `2507XXXXXXXX` / `2567XXXXXXXX`. The account link is the admin module's
 * (modules/admin/translator-accounts.service.ts).
 * Errors: AppError 400 `validation_failed` (also: merging into itself), 400 `invalid_msisdn` (phone), 404
 * `not_found`, 409 `conflict` (slug or email taken).
 */
import { z } from 'zod';
import { translatorEmail, translatorPhone } from '../../../shared/contracts/translators.js';
import { parseMsisdn } from '../../../shared/domain/msisdn.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { ReadCache } from './read-cache.js';
import type { TranslatorClash, TranslatorRow, TranslatorsRepository, TranslatorWithCount } from './translators.repository.js';

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
/**
 * A translator's fields: name (required, up to 120 characters), optional slug (made from the name when absent), photo
 * URL, bio, email (null: none), phone (null: none; read by parseMsisdn).
 */
export const translatorInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  slug: slug.optional(),
  photoUrl: z.string().trim().max(1000).nullable().optional().default(null),
  bio: z.string().trim().max(5000).optional().default(''),
  email: translatorEmail.optional().default(null),
  phone: translatorPhone.optional().default(null),
});

const CLASH_MESSAGES: Record<TranslatorClash, { field: string; message: string }> = {
  name_taken: { field: 'body.name', message: 'A translator with this name already exists' },
  slug_taken: { field: 'body.name', message: 'A translator with this name (or slug) already exists' },
  email_taken: { field: 'body.email', message: 'Another translator has this email' },
};
const clashError = (c: TranslatorClash) => new AppError(409, 'conflict', CLASH_MESSAGES[c].message, { fields: [CLASH_MESSAGES[c]] });

/** The stored form of a phone as typed (null stays null). @throws AppError 400 `invalid_msisdn` */
function phoneOf(raw: string | null): string | null {
  if (raw === null) return null;
  const parsed = parseMsisdn(raw);
  if (!parsed) {
    throw new AppError(400, 'invalid_msisdn', 'Enter a valid MTN or Airtel number of Rwanda (+250) or Uganda (+256).', { fields: [{ field: 'body.phone', message: 'Invalid mobile number' }] });
  }
  return parsed.msisdn;
}

/** Translators over their repository; every write clears `cache` (the public list is read through it). */
export function createTranslatorsService(deps: { repo: TranslatorsRepository; cache?: ReadCache }) {
  const { repo } = deps;
  const changed = () => deps.cache?.clear();
  return {
    /** Creates a translator. @throws AppError 400 `validation_failed` / `invalid_msisdn`, 409 `conflict` */
    async create(input: z.input<typeof translatorInput>): Promise<TranslatorRow> {
      const b = translatorInput.parse(input);
      const s = b.slug ?? slugify(b.name);
      if (!s) throw new AppError(400, 'validation_failed', 'The name gives no slug: give one', { fields: [{ field: 'slug', message: 'Required' }] });
      const row = await repo.create({ ...b, slug: s, phone: phoneOf(b.phone) });
      if (typeof row === 'string') throw clashError(row);
      changed();
      return row;
    },
    /** Changes the fields given. @throws AppError 400 `validation_failed` / `invalid_msisdn`, 404 `not_found`, 409 `conflict` */
    async update(id: string, input: Partial<z.input<typeof translatorInput>>): Promise<TranslatorRow> {
      const b = translatorInput.partial().parse(input);
      const values = Object.fromEntries(Object.entries(b).filter(([k]) => k in input)) as Partial<z.output<typeof translatorInput>>;
      if (values.phone !== undefined) values.phone = phoneOf(values.phone);
      const r = await repo.update(id, values);
      if (r === 'missing') throw notFound('Translator');
      if (typeof r === 'string') throw clashError(r);
      changed();
      return r;
    },
    /**
     * Moves every movie and series of `fromId` to `intoId` and deletes `fromId`, in one transaction (ADR 047).
     * @throws AppError 400 `validation_failed` (into itself), 404 `not_found`
     */
    async merge(fromId: string, intoId: string): Promise<{ movies: number; series: number }> {
      if (fromId === intoId) throw new AppError(400, 'validation_failed', 'A translator cannot be merged into itself', { fields: [{ field: 'body.intoId', message: 'Choose another translator' }] });
      const r = await repo.merge(fromId, intoId);
      if (r === 'missing') throw notFound('Translator');
      changed();
      return r;
    },
    /** Deletes a translator; its titles stay, with no translator. @throws AppError 404 `not_found` */
    async remove(id: string): Promise<TranslatorRow> {
      const row = await repo.remove(id);
      if (!row) throw notFound('Translator');
      changed();
      return row;
    },
    /** Links (or with null unlinks) the account `userId`. @throws AppError 404 `not_found` */
    async link(id: string, userId: string | null): Promise<void> {
      if (!(await repo.link(id, userId))) throw notFound('Translator');
    },
    /** One translator with its title count. @throws AppError 404 `not_found` */
    async get(id: string): Promise<TranslatorWithCount> {
      const row = await repo.byIdWithCount(id);
      if (!row) throw notFound('Translator');
      return row;
    },
    /** Every translator with its title count, by name. */
    list: (): Promise<TranslatorWithCount[]> => repo.list(),
    /**
     * The one translator named `name` (case ignored). @throws AppError 404 `not_found` naming it, 409 `conflict`
     * when several have that name.
     */
    async byName(name: string): Promise<TranslatorRow> {
      const rows = await repo.byName(name.trim());
      if (!rows.length) throw new AppError(404, 'not_found', `No translator named "${name.trim()}"`);
      if (rows.length > 1) throw new AppError(409, 'conflict', `Several translators are named "${name.trim()}" (${rows.map((r) => r.slug).join(', ')})`);
      return rows[0]!;
    },
  };
}
export type TranslatorsService = ReturnType<typeof createTranslatorsService>;
