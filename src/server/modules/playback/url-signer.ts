/**
 * Signatures for media URLs, carried in a path prefix as CDNs do with directory tokens (DESIGN.md "Security"):
 * `/media/v/{videoId}/{token}/master.m3u8`, so the relative URIs inside playlists inherit the token.
 * token = `{expiresAtUnixSeconds}.{userId base64url}.{HMAC-SHA256(secret, "videoId:userId:expires") base64url}`.
 * A token is bound to one user and one video and expires after 3600 s (viewer spec section 9).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface VerifiedToken {
  userId: string;
  expiresAt: number;
}

export function createUrlSigner(secret: string) {
  const mac = (videoId: string, userId: string, exp: number) => createHmac('sha256', secret).update(`${videoId}:${userId}:${exp}`).digest('base64url');
  return {
    /** @param expiresAt unix seconds */
    sign(videoId: string, userId: string, expiresAt: number): string {
      return `${expiresAt}.${Buffer.from(userId).toString('base64url')}.${mac(videoId, userId, expiresAt)}`;
    },
    /** Returns the token's user and expiry, or null when it is malformed, altered, for another video, or expired. */
    verify(videoId: string, token: string, nowSeconds = Math.floor(Date.now() / 1000)): VerifiedToken | null {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [expRaw, userRaw, sig] = parts as [string, string, string];
      if (!/^\d{1,12}$/.test(expRaw)) return null;
      const exp = Number(expRaw);
      const userId = Buffer.from(userRaw, 'base64url').toString('utf8');
      const expected = Buffer.from(mac(videoId, userId, exp));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (exp <= nowSeconds) return null;
      return { userId, expiresAt: exp };
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;
