/**
 * Log out lands on the home page from any page (docs/product/viewer.md §2 "Header": "Logout shows 'Logged out
 * successfully'" and the visitor goes to `/`). While a log-out is under way the session data turns signed-out
 * before the move to `/` is drawn, and a protected page's guard would otherwise send the visitor to /login first.
 * The flag below tells the guards (guards.tsx, routes/admin-route.tsx) to go to `/` instead; the header clears it
 * on the next navigation (header.tsx), so a later visit to a protected page goes to /login as usual.
 * Browser only: the server never runs a log-out.
 */
let signingOut = false;

/** Marks a log-out as started (true) or over (false). */
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

/** True between the Log out button's click and the first navigation after it. */
export function isSigningOut(): boolean {
  return signingOut;
}
