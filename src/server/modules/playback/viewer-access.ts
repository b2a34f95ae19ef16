/**
 * Whether a viewer may watch a title, shared by streaming (playback.service.ts) and offline downloads
 * (offline.service.ts), so both apply one rule (docs/product/viewer.md §4 and §9; ADR 023 for film parts and titles
 * bought alone; ADR 027 for downloads), and the title's licence at that instant and in the viewer's country
 * (docs/decisions/050-rights-and-licences.md).
 */
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import { viewerLimits, type ViewerLimits } from '../../../shared/domain/entitlements.js';
import { isPassActive } from '../../../shared/domain/plans.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { BillingRepository, PassRow } from '../billing/billing.repository.js';
import type { RightsService } from '../rights/rights.service.js';
import type { Playable, PlaybackRepository } from './playback.repository.js';

/** What a viewer may do with one title: the title, its ready video, the viewer's pass (active or not) and limits. */
export interface ViewerAccess {
  playable: Playable;
  video: NonNullable<Playable['video']>;
  /** The viewer's latest pass, active or ended (null: never had one). */
  pass: PassRow | null;
  limits: ViewerLimits;
}

/**
 * 403 `subscription_required` with `details.reason` 'expired' (the viewer had a pass) or 'none', and the texts of docs/product/viewer.md §8.
 */
export function subscriptionRequired(pass: PassRow | null): AppError {
  return pass
    ? new AppError(403, 'subscription_required', 'Your subscription has expired. Please subscribe to a plan to continue watching.', { reason: 'expired' })
    : new AppError(403, 'subscription_required', 'You need an active subscription to watch this content. Choose from our available plans.', { reason: 'none' });
}

/**
 * Resolves `id` (a movie, movie-part or episode id; `partId` a part of movie `id`) and checks the user may watch
 * it: super_admin, an active pass, a free title, or a title bought alone; then that the title's licence is in force
 * at `now` and covers the country the viewer's access was paid from (ADR 050; every viewer, super_admin included).
 * @throws AppError 404 not_found (no such title), 404 video_not_available (no video, or it failed: ADR 023),
 *   409 video_not_ready (still processing), 403 subscription_required (see subscriptionRequired),
 *   403 licence_not_started / licence_ended / not_licensed_in_country (rights.service.ts)
 */
export async function viewerAccess(
  deps: { repo: Pick<PlaybackRepository, 'playable'>; billing: Pick<BillingRepository, 'passOf' | 'ownsTitle'>; rights: Pick<RightsService, 'assertLicensed'> },
  user: SessionUser,
  id: string,
  partId: string | undefined,
  now: Date,
): Promise<ViewerAccess> {
  const playable = await deps.repo.playable(id, partId);
  if (!playable) throw notFound(partId ? 'Part' : 'Movie');
  const video = playable.video;
  // A failed video will not become ready by waiting: "not available", never "try again in a few minutes" (ADR 023).
  if (!video || video.status === 'failed') throw new AppError(404, 'video_not_available', 'This title is not available.', { availability: 'failed' });
  if (video.status !== 'ready') throw new AppError(409, 'video_not_ready', 'This video is still being processed. Try again in a few minutes.', { availability: 'processing' });
  const superAdmin = user.role === 'super_admin';
  const pass = await deps.billing.passOf(user.id, now);
  const active = isPassActive(pass, now);
  const owns = !active && playable.movieId ? await deps.billing.ownsTitle(user.id, playable.movieId) : false;
  if (!superAdmin && playable.isPremium && !active && !owns) throw subscriptionRequired(pass);
  await deps.rights.assertLicensed(playable, { userId: user.id, passSource: active && pass ? pass.source : null }, now);
  const limits = viewerLimits({ superAdmin, activePlan: active && pass ? pass.plan : null, ownsTitle: owns });
  return { playable, video, pass, limits };
}

/** 403 `download_not_included` {plan}: the pass (Daily, none, a title bought alone) has no downloads (ADR 009, ADR 027). */
export function downloadNotIncluded(limits: ViewerLimits): AppError {
  return new AppError(403, 'download_not_included', 'Downloads are not included in your pass. Choose a Weekly, Monthly or Yearly pass to download.', { plan: limits.plan });
}

/** 403 `download_limit_reached` {limit, used, plan}: every download of this pass period is used (ADR 009, ADR 027). */
export function downloadLimitReached(limits: ViewerLimits): AppError {
  const limit = limits.downloads ?? 0;
  return new AppError(403, 'download_limit_reached', `You have used all ${limit} downloads of your ${limits.plan ?? ''} pass. Downloads start again with your next pass.`.replace('  ', ' '), { limit, used: limit, plan: limits.plan ?? '' });
}
