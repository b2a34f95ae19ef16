/**
 * The demo catalogue: a fresh install shows a usable site, not an empty page. When the catalogue is empty,
 * three clearly labelled demo titles are made with ffmpeg (test patterns with a tone) and ingested through the
 * same path as an admin upload. One is free to watch for any signed-in viewer; two need a pass.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeTestPattern } from '../../providers/transcoder/test-pattern.js';
import type { CatalogService } from './catalog.service.js';
import type { MediaService } from '../media/media.service.js';

export const DEMO_TITLES = [
  { title: 'Demo: Welcome to Sobanura', category: 'documentary', isPremium: false, seconds: 20, height: 360, frequencyHz: 440, description: 'A short test pattern that shows how playback works. Free for every signed-in viewer.' },
  { title: 'Demo: Test Pattern Part 1', category: 'drama', isPremium: true, seconds: 30, height: 720, frequencyHz: 523, description: 'A demo title that needs a pass. Replace the demo catalogue with your own films.' },
  { title: 'Demo: Test Pattern Part 2', category: 'drama', isPremium: true, seconds: 30, height: 720, frequencyHz: 659, description: 'The second part of the demo film.' },
] as const;

export function createDemoSeeder(deps: { catalog: CatalogService; media: MediaService; ffmpegPath: string }) {
  return {
    /** Seeds when the catalogue is empty; returns the new movie ids ([] when it had titles). */
    async seed(): Promise<string[]> {
      if ((await deps.catalog.count()) > 0) return [];
      const dir = await mkdtemp(path.join(os.tmpdir(), 'sobanura-demo-'));
      const ids: string[] = [];
      try {
        for (const d of DEMO_TITLES) {
          const file = path.join(dir, `${ids.length}.mp4`);
          await makeTestPattern(deps.ffmpegPath, file, { seconds: d.seconds, width: Math.round((d.height * 16) / 9 / 2) * 2, height: d.height, frequencyHz: d.frequencyHz });
          const m = await deps.catalog.create({ title: d.title, category: d.category, description: d.description, director: 'Sobanura', year: 2026, isPremium: d.isPremium, rating: 0 }, { isDemo: true });
          await deps.media.importFile(m.id, file, null);
          ids.push(m.id);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      return ids;
    },
  };
}
