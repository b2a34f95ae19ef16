import { readStored } from '../../../lib/storage';

/**
 * The viewer's volume and mute, remembered in localStorage (docs/product/viewer.md §9: default volume 50), read by the
 * player and by the first-frame boot (docs/decisions/030-first-frame-before-the-app.md), written by the player.
 */
export const VOLUME_KEY = 'sobanura-volume';
export const MUTED_KEY = 'sobanura-muted';
/** Volume of a first visit, 0-1. */
export const DEFAULT_VOLUME = 0.5;

/** The remembered volume, 0-1, else DEFAULT_VOLUME. */
export function storedVolume(): number {
  const v = Number(readStored(VOLUME_KEY));
  return readStored(VOLUME_KEY) !== null && Number.isFinite(v) && v >= 0 && v <= 1 ? v : DEFAULT_VOLUME;
}

/** Whether the viewer left the sound muted. */
export function storedMuted(): boolean {
  return readStored(MUTED_KEY) === '1';
}

