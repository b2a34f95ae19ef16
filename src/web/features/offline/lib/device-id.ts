/**
 * This device's own id for offline downloads (docs/decisions/027-offline-downloads.md, amended 2026-11-28): a random
 * UUID made once and kept in localStorage under `sobanura-device-id`, sent with POST /api/offline and the options,
 * so the server counts the devices holding copies and renews a copy asked for again on the same device. It names
 * the browser profile, not the person: clearing the site's storage makes a new device (the old copies stop counting
 * once 30 days pass without a check-in). Null where localStorage is unavailable (the server then counts each copy as
 * a device of its own).
 */
export const DEVICE_ID_KEY = 'sobanura-device-id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function offlineDeviceId(): string | null {
  try {
    const kept = localStorage.getItem(DEVICE_ID_KEY);
    if (kept && UUID.test(kept)) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(DEVICE_ID_KEY, made);
    return made;
  } catch {
    return null;
  }
}
