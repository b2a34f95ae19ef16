/**
 * Signatures for media URLs, carried in a path prefix as CDNs do with directory tokens (docs/product/architecture.md §5 "Security"):
 * `/media/v/{videoId}/{token}/master.m3u8`, so the relative URIs inside playlists inherit the token.
 *
 * token = `{expiresAtUnixSeconds}.{userId base64url}.{cap}.{first 128 bits of HMAC-SHA256(secret, "scope:videoId:userId:expires:cap") base64url}`
 * - `cap`: the highest rendition short side in pixels this viewer may fetch (ADR 009), 0 for no cap; the media
 *   route refuses segments and playlists of renditions above it without a database read.
 * - `scope`: 'v' for streaming URLs, 'd' for MP4 download links, so one cannot be used as the other.
 * A token is bound to one user and one video and expires after 3600 s (docs/product/viewer.md §9).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The HMAC-SHA256 tag is truncated to 128 bits (RFC 2104 section 5 allows truncation to at least half the output):
 * the whole token must stay under Fastify's 100-character path-parameter limit (find-my-way maxParamLength).
 */
const MAC_BYTES = 16;

export interface VerifiedToken {
  userId: string;
  expiresAt: number;
  /** Highest short side allowed in pixels; null = no cap. */
  maxHeight: number | null;
}

export type TokenScope = 'v' | 'd';

export function createUrlSigner(secret: string) {
  const mac = (scope: TokenScope, videoId: string, userId: string, exp: number, cap: number) =>
    createHmac('sha256', secret).update(`${scope}:${videoId}:${userId}:${exp}:${cap}`).digest().subarray(0, MAC_BYTES).toString('base64url');
  return {
    /**
     * @param expiresAt unix seconds
     * @param maxHeight highest rendition short side allowed in pixels (null or omitted: no cap)
     */
    sign(videoId: string, userId: string, expiresAt: number, maxHeight: number | null = null, scope: TokenScope = 'v'): string {
      const cap = maxHeight ?? 0;
      return `${expiresAt}.${Buffer.from(userId).toString('base64url')}.${cap}.${mac(scope, videoId, userId, expiresAt, cap)}`;
    },
    /** Returns the token's user, expiry and cap, or null when it is malformed, altered, for another video or scope, or expired. */
    verify(videoId: string, token: string, nowSeconds = Math.floor(Date.now() / 1000), scope: TokenScope = 'v'): VerifiedToken | null {
      const parts = token.split('.');
      if (parts.length !== 4) return null;
      const [expRaw, userRaw, capRaw, sig] = parts as [string, string, string, string];
      if (!/^\d{1,12}$/.test(expRaw) || !/^\d{1,5}$/.test(capRaw)) return null;
      const exp = Number(expRaw);
      const cap = Number(capRaw);
      const userId = Buffer.from(userRaw, 'base64url').toString('utf8');
      const expected = Buffer.from(mac(scope, videoId, userId, exp, cap));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (exp <= nowSeconds) return null;
      return { userId, expiresAt: exp, maxHeight: cap === 0 ? null : cap };
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;
