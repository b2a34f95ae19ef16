/**
 * Making, hashing and sealing voucher codes on the server (docs/decisions/042-vouchers.md). The shape and the check
 * character are src/shared/domain/voucher-code.ts; here:
 * - `newCode`: 14 characters drawn with node:crypto `randomInt` (uniform: it rejects the biased values) and the
 *   check character, written `XXXXX-XXXXX-XXXXX`;
 * - `codeHash`: the SHA-256 (hex) of the normalised code, what the database looks a code up by. 69 bits of
 *   randomness make the hash as hard to reverse as the code is to guess;
 * - `sealer(secret)`: AES-256-GCM under a key derived from the session secret with HKDF-SHA256 (RFC 5869, info
 *   `sobanura voucher codes v1`), so the batch's CSV can be written again while a copy of the database alone shows
 *   no code. Sealed text: base64url of a 12-byte IV, the 16-byte tag and the ciphertext. A code sealed under another
 *   secret (SESSION_SECRET changed) does not open: `open` answers null.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { makeVoucherCode, normaliseVoucherCode } from '../../../shared/domain/voucher-code.js';

/** A new code, written for reading (`XXXXX-XXXXX-XXXXX`), from crypto randomness. */
export const newCode = (): string => makeVoucherCode((n) => randomInt(n));

/** The SHA-256 (64 hex characters) of a code, normalised first, so a code written with dashes hashes as without. */
export function codeHash(code: string): string {
  return createHash('sha256').update(normaliseVoucherCode(code)).digest('hex');
}

export interface CodeSealer {
  /** The code sealed (base64url). */
  seal(code: string): string;
  /** The code, or null when `sealed` was not sealed under this secret or was changed. */
  open(sealed: string): string | null;
}

/**
 * Seals and opens codes under a key derived from `secret` (the session secret). `info` separates the keys of
 * different kinds of codes (gifts use their own: docs/decisions/046-gifts.md); vouchers keep the default.
 */
export function sealer(secret: string, info = 'sobanura voucher codes v1'): CodeSealer {
  const key = Buffer.from(hkdfSync('sha256', secret, 'sobanura-vouchers', info, 32));
  return {
    seal(code) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length < 29) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
