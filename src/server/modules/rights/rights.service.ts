/**
 * Rights and licences (docs/decisions/050-rights-and-licences.md; docs/product/admin.md "Rights and licences").
 *
 * Playback's rule (`assertLicensed`, `assertVideoLicensed`): a title may be streamed, downloaded or its offline copy
 * checked in only while its licence is in force at that instant and covers the viewer's country
 * (src/shared/domain/licence.ts). The rights that apply are those of the title: a film's title movie (`filmTitle`,
 * ADR 023) for a movie or a part, the series for an episode. The viewer's country is the country their access was paid
 * from (rights.repository.ts `accessPayment`; the home country, Rwanda, for grants, complimentary passes, vouchers and
 * viewers who never paid). It is checked at query time, so a licence ends to the second without any job.
 * Errors: 403 `licence_not_started` {titleId, licenceStart}, 403 `licence_ended` {titleId, licenceEnd},
 * 403 `not_licensed_in_country` {titleId, country} (country null when not known).
 *
 * Admin (src/shared/contracts/rights.ts): read and replace a title's record (shares in basis points adding up to
 * 10000, translators and parties that exist, end after start), the licence document (PDF, JPEG, PNG or WebP under
 * 10 MB, checked by content, kept in the media storage at `rights/{titleId}/{id}.{ext}`, never under a public URL),
 * licences ending soon, and the defaults of the create routes and `movie import`.
 * Errors: 400 `validation_failed` {fields}, 404 `not_found`, 415 `document_rejected`, 413 `payload_too_large`.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { MAX_RIGHTS_DOCUMENT_BYTES, type LicenceStatus, type RightsBody, type RightsCreateInput, type RightsHolderInput, type TitleRights, type EndingLicence } from '../../../shared/contracts/rights.js';
import { countryOfPayment, HOME_COUNTRY, licenceRefusal, licenceState, sharesAddUp, SHARES_TOTAL_BP, type LicenceWindow } from '../../../shared/domain/licence.js';
import { parseMsisdn } from '../../../shared/domain/msisdn.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertKey, type MediaStorage } from '../../providers/storage/media-storage.js';
import type { HolderWrite, RightsRepository } from './rights.repository.js';

/** Who is watching: their id and the source of their active pass (`subscriptions.source`), null without one. */
export interface LicenceViewer {
  userId: string;
  passSource: string | null;
}

export interface RightsDeps {
  repo: RightsRepository;
  storage: MediaStorage;
  /** The movie or part or episode a video plays, with its title (the viewing repository's `itemOfVideo`). */
  itemOfVideo: (videoId: string) => Promise<{ titleId: string } | null>;
  clock?: () => Date;
}

const invalid = (field: string, message: string) => new AppError(400, 'validation_failed', message, { fields: [{ field, message }] });

/** Document formats kept: MIME type and file extension by detected format. */
const DOCUMENT_TYPES = { pdf: ['application/pdf', 'pdf'], jpeg: ['image/jpeg', 'jpg'], png: ['image/png', 'png'], webp: ['image/webp', 'webp'] } as const;
const documentRejected = () => new AppError(415, 'document_rejected', 'Please select a PDF or an image (JPEG, PNG, WebP) under 10 MB.');

/** The detected format of a licence document, by its bytes (never its name or declared type); null when not one of DOCUMENT_TYPES. */
async function documentFormat(bytes: Buffer): Promise<keyof typeof DOCUMENT_TYPES | null> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  try {
    const meta = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
    return meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' ? meta.format : null;
  } catch {
    return null;
  }
}

export function createRightsService(deps: RightsDeps) {
  const now = () => deps.clock?.() ?? new Date();

  /** The country of a viewer's access (see the file comment); null when paid but not known (a card in USD). */
  async function viewerCountry(v: LicenceViewer): Promise<string | null> {
    const paid = await deps.repo.accessPayment(v.userId, v.passSource);
    return paid ? countryOfPayment(paid) : HOME_COUNTRY;
  }

  /** Throws the refusal of `titleId` for `viewer` at `at`, if any. A title with no record is refused as not started. */
  async function assertTitle(titleId: string, viewer: LicenceViewer, at: Date): Promise<void> {
    const w = await deps.repo.window(titleId);
    if (!w) throw new AppError(403, 'licence_not_started', 'This title is not available yet: its licence has not started.', { titleId, licenceStart: null });
    const state = licenceState(w, at);
    if (state === 'not_started') throw new AppError(403, 'licence_not_started', 'This title is not available yet: its licence has not started.', { titleId, licenceStart: w.licenceStart.toISOString() });
    if (state === 'ended') throw new AppError(403, 'licence_ended', 'This title is no longer available: its licence has ended.', { titleId, licenceEnd: w.licenceEnd!.toISOString() });
    if (w.countries === null) return;
    const country = await viewerCountry(viewer);
    if (licenceRefusal(w, at, country)) throw new AppError(403, 'not_licensed_in_country', 'This title is not licensed in your country.', { titleId, country });
  }

  /** The title whose rights apply to what a Playable plays. */
  const titleOf = async (p: { movieId: string | null; seriesId: string | null }) => (p.movieId ? deps.repo.titleOfMovie(p.movieId) : p.seriesId);

  function statusOf(titleId: string, w: LicenceWindow & { needsReview: boolean }, at: Date): LicenceStatus {
    const state = licenceState(w, at);
    return {
      state,
      reason: state === 'not_started' ? 'licence_not_started' : state === 'ended' ? 'licence_ended' : null,
      licenceStart: w.licenceStart.toISOString(),
      licenceEnd: w.licenceEnd?.toISOString() ?? null,
      countries: w.countries ? [...w.countries] : null,
      needsReview: w.needsReview,
      titleId,
    };
  }

  /**
   * Checks holders (shares add up to 100 %, each translator and party exists, no holder twice) and the window;
   * returns what to write. @throws AppError 400 validation_failed, 404 not_found
   */
  async function holdersToWrite(holders: RightsHolderInput[]): Promise<HolderWrite[]> {
    if (!sharesAddUp(holders.map((h) => h.shareBp))) {
      const total = holders.reduce((s, h) => s + h.shareBp, 0);
      throw invalid('body.holders', `Shares must add up to 100 % (${SHARES_TOTAL_BP} basis points); these add up to ${total / 100} %.`);
    }
    const seen = new Set<string>();
    for (const h of holders) {
      const key = h.kind === 'operator' ? 'operator' : h.kind === 'translator' ? `t:${h.translatorId}` : h.partyId ? `p:${h.partyId}` : `n:${randomUUID()}`;
      if (seen.has(key)) throw invalid('body.holders', 'A holder is listed twice.');
      seen.add(key);
    }
    const tIds = holders.flatMap((h) => (h.kind === 'translator' ? [h.translatorId] : []));
    const known = await deps.repo.translatorsIn(tIds);
    if (tIds.some((id) => !known.has(id))) throw notFound('Translator');
    const pIds = holders.flatMap((h) => (h.kind === 'party' && h.partyId ? [h.partyId] : []));
    const parties = await deps.repo.partiesIn(pIds);
    if (pIds.some((id) => !parties.has(id))) throw notFound('Party');
    return holders.map((h) => {
      if (h.kind === 'operator') return { kind: 'operator', translatorId: null, partyId: null, shareBp: h.shareBp };
      if (h.kind === 'translator') return { kind: 'translator', translatorId: h.translatorId, partyId: null, shareBp: h.shareBp };
      if (h.partyId) return { kind: 'party', translatorId: null, partyId: h.partyId, shareBp: h.shareBp };
      if (!h.name) throw invalid('body.holders', 'A new party needs a name.');
      let msisdn: string | null = null;
      if (h.phone) {
        const parsed = parseMsisdn(h.phone);
        if (!parsed) throw new AppError(400, 'invalid_msisdn', 'Please enter a valid mobile money number for the party.', { fields: [{ field: 'body.holders', message: 'Invalid mobile money number' }] });
        msisdn = parsed.msisdn;
      }
      return { kind: 'party', translatorId: null, partyId: null, newParty: { name: h.name, email: h.email ?? null, msisdn }, shareBp: h.shareBp };
    });
  }

  function checkWindow(start: Date, end: Date | null) {
    if (end && end.getTime() <= start.getTime()) throw invalid('body.licenceEnd', 'The licence must end after it starts.');
  }

  /** The full record of the create routes' optional input, with its defaults (see src/shared/contracts/rights.ts). */
  function withDefaults(input: RightsCreateInput, translatorId: string | null, at: Date): RightsBody {
    const holders: RightsHolderInput[] = input.holders ?? [translatorId ? { kind: 'translator', translatorId, shareBp: SHARES_TOTAL_BP } : { kind: 'operator', shareBp: SHARES_TOTAL_BP }];
    return { holders, licenceStart: input.licenceStart ?? at, licenceEnd: input.licenceEnd ?? null, countries: input.countries ?? 'everywhere' };
  }

  async function view(titleId: string, at: Date): Promise<TitleRights> {
    const rec = await deps.repo.record(titleId);
    if (!rec) throw notFound('Title');
    const r = rec.row;
    return {
      titleId,
      kind: r.movieId ? 'movie' : 'series',
      title: rec.title,
      holders: rec.holders,
      licenceStart: r.licenceStart.toISOString(),
      licenceEnd: r.licenceEnd?.toISOString() ?? null,
      countries: r.countries,
      needsReview: r.needsReview,
      document: r.documentKey ? { name: r.documentName ?? 'licence', type: r.documentType ?? 'application/octet-stream', bytes: r.documentBytes ?? 0, url: `/api/admin/rights/${titleId}/document` } : null,
      licence: statusOf(titleId, r, at),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async function replace(titleId: string, body: RightsBody, at: Date): Promise<void> {
    checkWindow(body.licenceStart, body.licenceEnd);
    const holders = await holdersToWrite(body.holders);
    const countries = body.countries === 'everywhere' ? null : body.countries;
    if (!(await deps.repo.replace(titleId, holders, { licenceStart: body.licenceStart, licenceEnd: body.licenceEnd, countries }, at))) throw notFound('Title');
  }

  return {
    /**
     * Throws when what a Playable plays may not be played by `viewer` at `at` (see the file comment).
     * @param p the Playable's `movieId` (a part's movie) and `seriesId` (an episode's series)
     */
    async assertLicensed(p: { movieId: string | null; seriesId: string | null }, viewer: LicenceViewer, at: Date): Promise<void> {
      const titleId = await titleOf(p);
      if (titleId) await assertTitle(titleId, viewer, at);
    },
    /** As assertLicensed, for the video a stream session plays; nothing is checked for a video no title plays. */
    async assertVideoLicensed(videoId: string, viewer: LicenceViewer, at: Date): Promise<void> {
      const item = await deps.itemOfVideo(videoId);
      if (item) await assertTitle(item.titleId, viewer, at);
    },

    /** The licence state of a movie (it follows its film's title) or series for the admin reads; null when it has no record. */
    async statusOfTitle(p: { movieId: string | null; seriesId: string | null }, at = now()): Promise<LicenceStatus | null> {
      const titleId = await titleOf(p);
      const w = titleId ? await deps.repo.window(titleId) : null;
      return titleId && w ? statusOf(titleId, w, at) : null;
    },

    /** GET /api/admin/rights/:titleId. @throws 404 not_found */
    get: (titleId: string) => view(titleId, now()),
    /** PUT /api/admin/rights/:titleId: replaces the record (clears needs_review). @throws 400 validation_failed, 404 not_found */
    async replace(titleId: string, body: RightsBody): Promise<TitleRights> {
      const at = now();
      await replace(titleId, body, at);
      return view(titleId, at);
    },

    /**
     * A create route's title with its rights: checks the optional rights first (a bad record makes no title), runs
     * `make`, then replaces the default record the database gave the title (migration 0025) with the rights given,
     * the defaults filling the fields left out. `translatorId` is the title's translator (the default holder).
     * @throws 400 validation_failed, 404 not_found (before `make`)
     */
    async createWithRights<T extends { id: string }>(input: RightsCreateInput | undefined, translatorId: string | null, make: () => Promise<T>): Promise<T> {
      const given = input && Object.values(input).some((v) => v !== undefined) ? input : undefined;
      if (given) {
        const full = withDefaults(given, translatorId, now());
        checkWindow(full.licenceStart, full.licenceEnd);
        await holdersToWrite(full.holders);
      }
      const made = await make();
      if (given) {
        const at = now();
        await replace(made.id, withDefaults(given, translatorId, at), at);
      }
      return made;
    },

    /** Licences ending within `days` days from now, soonest first. */
    async ending(days: number): Promise<{ items: EndingLicence[] }> {
      const from = now();
      const items = await deps.repo.ending(from, new Date(from.getTime() + days * 86_400_000));
      return { items: items.map((i) => ({ ...i, licenceEnd: i.licenceEnd.toISOString() })) };
    },

    /**
     * Stores a title's licence document (checked by content), replacing the previous one.
     * @param name the file name to show and send back (optional; default "licence")
     * @throws 413 payload_too_large, 415 document_rejected, 404 not_found
     */
    async storeDocument(titleId: string, bytes: Buffer, name: string | undefined): Promise<TitleRights> {
      if (bytes.length >= MAX_RIGHTS_DOCUMENT_BYTES) throw new AppError(413, 'payload_too_large', 'The document must be under 10 MB.');
      const format = bytes.length ? await documentFormat(bytes) : null;
      if (!format) throw documentRejected();
      if (!(await deps.repo.window(titleId))) throw notFound('Title');
      const [type, ext] = DOCUMENT_TYPES[format];
      const key = assertKey(`rights/${titleId}/${randomUUID()}.${ext}`);
      await deps.storage.put(key, bytes, { contentType: type });
      const cleanName = (name ?? '').replace(/[^\w .()-]+/g, '_').trim().slice(0, 120) || `licence.${ext}`;
      const at = now();
      const done = await deps.repo.setDocument(titleId, { key, type, name: cleanName, bytes: bytes.length }, at);
      if (!done) {
        await deps.storage.delete(key).catch(() => {});
        throw notFound('Title');
      }
      if (done.previous && done.previous !== key) await deps.storage.delete(done.previous).catch(() => {});
      return view(titleId, at);
    },
    /** The stored document of a title, to stream to an admin. @throws 404 not_found */
    async readDocument(titleId: string): Promise<{ stream: Readable; size: number; type: string; name: string }> {
      const rec = await deps.repo.record(titleId);
      const key = rec?.row.documentKey;
      if (!rec || !key) throw notFound('Document');
      const got = await deps.storage.read(key);
      if (!got) throw notFound('Document');
      return { stream: got.stream, size: got.size, type: rec.row.documentType ?? 'application/octet-stream', name: rec.row.documentName ?? 'licence' };
    },
  };
}
export type RightsService = ReturnType<typeof createRightsService>;
