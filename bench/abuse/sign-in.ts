/**
 * Password guessing against one account from one client that gives every request a new X-Forwarded-For address
 * (believed by a server started with TRUST_PROXY=loopback, as it is from a client behind a trusted proxy): what a
 * botnet, or a proxy that passes a forged header on, looks like to the per-address limit. `concurrency` loops POST
 * /api/accounts/login with wrong passwords for `seconds`; the answers are counted by status. "Accepted" guesses are
 * the ones the server checked the password for (401 wrong password, 200 right), as opposed to refused ones (429).
 */

export interface GuessSummary {
  seconds: number;
  statuses: Record<string, number>;
  /** Answers with a password verdict (200 or 401). */
  accepted: number;
  /** Answers 429. */
  refused: number;
  /** Distinct X-Forwarded-For addresses used. */
  addresses: number;
}

/** The i-th address of 10.0.0.0/8 (i < 2^24). */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Guesses the password of `email` at `origin` for `seconds` with `concurrency` loops, each request from a new address. */
export async function guessPasswords(origin: string, email: string, seconds: number, concurrency: number): Promise<GuessSummary> {
  const statuses: Record<string, number> = {};
  let next = 1;
  const started = performance.now();
  const end = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const i = next++;
      const res = await fetch(`${origin}/api/accounts/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) },
        body: JSON.stringify({ email, password: `wrong-guess-${i}` }),
      }).catch(() => null);
      const status = res ? String(res.status) : 'error';
      await res?.arrayBuffer().catch(() => undefined);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return {
    seconds: (performance.now() - started) / 1000,
    statuses,
    accepted: (statuses['200'] ?? 0) + (statuses['401'] ?? 0),
    refused: statuses['429'] ?? 0,
    addresses: next - 1,
  };
}
