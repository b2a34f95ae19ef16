import { createContext, useContext } from 'react';
import { safeNextPath, SIGN_IN_PAGES } from '../../shared/domain/next-path';

/**
 * Visitors see the catalogue; watching, the watch list and paying need an account
 * (docs/decisions/054-visitors-see-the-catalogue.md). What sends a visitor to /login says why, as `reason`:
 * - `watch`: the player, an episode, Watch Now;
 * - `watchlist`: the watch list or its buttons;
 * - `pay`: a pass, a title, a voucher, billing;
 * - `account`: anything else that is the viewer's own (settings, the studio, the admin panel).
 */
export const SIGN_IN_REASONS = ['watch', 'watchlist', 'pay', 'account'] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];

/** `value` when it is one of SIGN_IN_REASONS, else null (a reason in a URL is never trusted further). */
export function signInReason(value: unknown): SignInReason | null {
  return (SIGN_IN_REASONS as readonly unknown[]).includes(value) ? (value as SignInReason) : null;
}

/**
 * The sign-in (or registration, `page`) page's address for a visitor sent from `next` because of `reason`:
 * `/login?next=/watch/1&reason=watch`. `next` goes through the same rule as the sign-in form's (shared/domain/next-path.ts,
 * ADR 024): a path on this site only; any other is left out, and signing in then goes to /. A reason is optional.
 */
export function signInPath(next: string | null | undefined, reason?: SignInReason | null, page: '/login' | '/register' = '/login'): string {
  const q = new URLSearchParams();
  const safe = safeNextPath(next, SIGN_IN_PAGES);
  if (safe) q.set('next', safe);
  if (reason) q.set('reason', reason);
  const s = q.toString();
  return s ? `${page}?${s}` : page;
}

/**
 * Whether the page's viewer is signed in: true or false once `/api/accounts/me` has answered, null before. The app
 * layer provides it (layout.tsx) from the viewer's query, so features that show a button needing an account (Watch
 * Now, Add to Watchlist, Buy) ask no per-user data for a visitor and lead them to sign in instead.
 */
export const SignedInContext = createContext<boolean | null>(null);

/** See SignedInContext. */
export function useSignedIn(): boolean | null {
  return useContext(SignedInContext);
}
