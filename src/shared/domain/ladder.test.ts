import { describe, expect, it } from 'vitest';
import { BOTTOM_RUNG, BUFSIZE_FACTOR, LADDER, MAXRATE_FACTOR, MIN_VIDEO_BITRATE, planLadder, type Rung } from './ladder.js';

const sizes = (rungs: Rung[]) => rungs.map((r) => `${r.name}=${r.width}x${r.height}`);

describe('planLadder (issue 2 point 6)', () => {
  it('gives a 1080p source 144p and all five table rungs, lowest first, with the table bitrates', () => {
    const rungs = planLadder(1920, 1080);
    expect(sizes(rungs)).toEqual(['144p=256x144', '240p=426x240', '360p=640x360', '480p=854x480', '720p=1280x720', '1080p=1920x1080']);
    expect(rungs.map((r) => r.videoBitrate)).toEqual([90_000, 350_000, 700_000, 1_200_000, 2_500_000, 4_500_000]);
    expect(rungs.map((r) => r.audioBitrate)).toEqual([48_000, 96_000, 96_000, 128_000, 128_000, 128_000]);
    for (const r of rungs) {
      expect(r.maxrate).toBe(Math.round(r.videoBitrate * MAXRATE_FACTOR));
      expect(r.bufsize).toBe(Math.round(r.videoBitrate * BUFSIZE_FACTOR));
    }
  });

  it('stops at 720p for a 720p source', () => {
    expect(sizes(planLadder(1280, 720))).toEqual(['144p=256x144', '240p=426x240', '360p=640x360', '480p=854x480', '720p=1280x720']);
  });

  it('gives a 480x352 source 240p and a top rung at its own size, never upscaled (ADR 005)', () => {
    const rungs = planLadder(480, 352);
    expect(sizes(rungs)).toEqual(['144p=196x144', '240p=328x240', '352p=480x352']);
    expect(rungs[2]!.videoBitrate).toBeGreaterThan(350_000);
    expect(rungs[2]!.videoBitrate).toBeLessThan(700_000);
  });

  it('adds no source rung when the source is close to a table rung', () => {
    expect(planLadder(854, 482).map((r) => r.name)).toEqual(['144p', '240p', '360p', '480p']);
    expect(planLadder(700, 400).map((r) => r.name)).toEqual(['144p', '240p', '360p']);
    expect(sizes(planLadder(1280, 720)).at(-1)).toBe('720p=1280x720');
  });

  it('gives a 240p source one 240p rung above 144p', () => {
    expect(sizes(planLadder(320, 240))).toEqual(['144p=192x144', '240p=320x240']);
  });

  it('gives a source below 240p one rendition at its own size, with a scaled-down bitrate', () => {
    const rungs = planLadder(320, 200);
    expect(sizes(rungs)).toEqual(['144p=230x144', '200p=320x200']);
    expect(rungs[1]!.videoBitrate).toBeLessThan(LADDER[0]!.videoBitrate);
    expect(rungs[1]!.videoBitrate).toBeGreaterThanOrEqual(MIN_VIDEO_BITRATE);
    expect(planLadder(161, 99)[0]).toMatchObject({ name: '98p', width: 160, height: 98, videoBitrate: MIN_VIDEO_BITRATE });
  });

  it('plans a portrait source by its short side: 720x1280 gets 240p..720p, all portrait', () => {
    const rungs = planLadder(720, 1280);
    expect(sizes(rungs)).toEqual(['144p=144x256', '240p=240x426', '360p=360x640', '480p=480x854', '720p=720x1280']);
    expect(sizes(planLadder(1080, 1920)).at(-1)).toBe('1080p=1080x1920');
  });

  it('caps a 4K source at 1080p', () => {
    expect(sizes(planLadder(3840, 2160)).at(-1)).toBe('1080p=1920x1080');
    expect(planLadder(3840, 2160)).toHaveLength(6);
  });

  it('keeps the aspect ratio with even sizes for odd sources (641x359)', () => {
    expect(sizes(planLadder(641, 359))).toEqual(['144p=258x144', '240p=428x240', '358p=640x358']);
  });

  it('never goes above the source on either side, and every size is even', () => {
    const sources: Array<[number, number]> = [
      [1920, 1080], [1280, 720], [853, 480], [480, 352], [641, 359], [720, 1280], [1080, 1920], [1440, 1080],
      [1920, 804], [720, 576], [721, 481], [300, 300], [241, 241], [239, 1000], [100, 60], [3, 3],
    ];
    for (const [w, h] of sources) {
      const rungs = planLadder(w, h);
      expect(rungs.length).toBeGreaterThan(0);
      for (const r of rungs) {
        expect(r.width % 2, `${w}x${h} ${r.name}`).toBe(0);
        expect(r.height % 2, `${w}x${h} ${r.name}`).toBe(0);
        expect(r.width, `${w}x${h} ${r.name}`).toBeLessThanOrEqual(Math.max(2, w));
        expect(r.height, `${w}x${h} ${r.name}`).toBeLessThanOrEqual(Math.max(2, h));
        // Aspect ratio kept within rounding to even pixels.
        expect(Math.abs(r.width / r.height - w / h) / (w / h), `${w}x${h} ${r.name}`).toBeLessThan(0.02 + 2 / Math.min(r.width, r.height));
      }
      const shorts = rungs.map((r) => Math.min(r.width, r.height));
      expect([...shorts].sort((a, b) => a - b)).toEqual(shorts);
    }
  });

  it('puts the 144p rung (ADR 026) under every source of at least 173 lines, and none under smaller ones', () => {
    expect(BOTTOM_RUNG.videoBitrate + BOTTOM_RUNG.audioBitrate).toBeLessThanOrEqual(150_000);
    // An hour of it under 0.1 GB (issue: "an hour costs under 0.1 GB"), before container overhead.
    expect(((BOTTOM_RUNG.videoBitrate + BOTTOM_RUNG.audioBitrate) * 3600) / 8).toBeLessThan(0.1e9);
    for (const [w, h] of [[1920, 1080], [480, 352], [720, 1280], [308, 174], [174, 308], [1920, 804]] as const) {
      const first = planLadder(w, h)[0]!;
      expect(first.name, `${w}x${h}`).toBe('144p');
      expect(Math.min(first.width, first.height)).toBe(144);
      expect(first).toMatchObject({ videoBitrate: BOTTOM_RUNG.videoBitrate, audioBitrate: BOTTOM_RUNG.audioBitrate });
      expect(planLadder(w, h).filter((r) => r.name === '144p')).toHaveLength(1);
    }
    expect(sizes(planLadder(1920, 804))[0]).toBe('144p=344x144');
    expect(sizes(planLadder(306, 172))).toEqual(['172p=306x172']);
    expect(sizes(planLadder(256, 144))).toEqual(['144p=256x144']);
    expect(planLadder(256, 144)[0]!.videoBitrate).toBeGreaterThanOrEqual(MIN_VIDEO_BITRATE);
    expect(sizes(planLadder(160, 120))).toEqual(['120p=160x120']);
  });

  it('rejects sizes that are not positive numbers', () => {
    expect(() => planLadder(0, 720)).toThrow(RangeError);
    expect(() => planLadder(1280, Number.NaN)).toThrow(RangeError);
  });
});
