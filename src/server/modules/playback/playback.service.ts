/**
 * Who may watch what, and signed master playlist URLs (issue 2 point 7; viewer spec sections 1 and 8).
 * Entitlement: super_admin always; a movie with is_premium false for any signed-in user; otherwise an active
 * pass, or a purchase of that title alone (issue 5 point 6: a `title_purchases` row). Errors: AppError 404
 * `not_found` / `video_not_available`, 409 `video_not_ready`, 403 `subscription_required` with `details.reason`
 * 'none' | 'expired'.
 */
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import type { PlaybackResponse } from '../../../shared/contracts/playback.js';
import { SIGNED_URL_TTL_SECONDS } from '../../../shared/contracts/playback.js';
import { isPassActive } from '../../../shared/domain/plans.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { BillingRepository } from '../billing/billing.repository.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { UrlSigner } from './url-signer.js';

export function createPlaybackService(deps: { catalog: CatalogService; billing: BillingRepository; signer: UrlSigner }) {
  return {
    async signedMaster(user: SessionUser, movieId: string, now = new Date()): Promise<PlaybackResponse> {
      const movie = await deps.catalog.raw(movieId);
      if (!movie) throw notFound('Movie');
      if (!movie.video) throw new AppError(404, 'video_not_available', "This content doesn't have a video source available yet.");
      if (movie.video.status !== 'ready') throw new AppError(409, 'video_not_ready', 'This video is still being processed. Try again in a few minutes.');
      if (user.role !== 'super_admin' && movie.isPremium) {
        const pass = await deps.billing.passOf(user.id);
        if (!isPassActive(pass, now) && !(await deps.billing.ownsTitle(user.id, movie.id))) {
          const reason = pass ? 'expired' : 'none';
          const message = pass
            ? 'Your subscription has expired. Please subscribe to a plan to continue watching.'
            : 'You need an active subscription to watch this content. Choose from our available plans.';
          throw new AppError(403, 'subscription_required', message, { reason });
        }
      }
      const exp = Math.floor(now.getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
      const token = deps.signer.sign(movie.video.id, user.id, exp);
      return { url: `/media/v/${movie.video.id}/${token}/master.m3u8`, expiresAt: new Date(exp * 1000).toISOString() };
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;
