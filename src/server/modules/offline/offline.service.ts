/**
 * Offline downloads: a film, film part or episode stored inside the app, encrypted with a key per download, playable
 * with no network while the pass lasts (docs/decisions/027-offline-downloads.md; contract and routes in
 * src/shared/contracts/offline.ts).
 *
 * Who may download: the rules of playback and of the MP4 download (playback.service.ts `access` and `download`;
 * src/shared/domain/entitlements.ts; film parts follow their film, ADR 023): super_admin always; a premium title needs
 * an active pass; downloads per pass from `viewerLimits` (0 for a Daily pass, a title bought alone or a free title
 * without a pass: 403 download_not_included). The rendition must be within the pass's quality cap (403 forbidden).
 * The quota is the MP4 download's: `recordDownload` in `video_downloads`, one per distinct video per pass period
 * (`downloadPeriodStart`), the same video again free.
 *
 * Devices (ADR 027, amended 2026-11-28): live copies (not deleted, checked in within OFFLINE_CHECK_IN_SECONDS) may
 * be held by at most `limits.streams` devices (the plan's `devices`; a copy without a device id is a device of its
 * own). A device that already holds a copy may add more; one more device is refused (403 offline_device_limit
 * {limit, used}) before anything is counted. The same video on the same device at the same rendition renews that
 * copy (same id and key, nothing counted); at another rendition it replaces it. Deleting a copy frees its device
 * once the device holds no other.
 *
 * Files and licences: only the owner's live download (else 404 not_found), only while the pass is active (else 403
 * subscription_required {reason 'expired'|'none'} with playback's messages). A licence gives the key (base64),
 * `passEndsAt`, `checkInBy` (now + OFFLINE_CHECK_IN_SECONDS) and `validUntil` (the earlier), and records the check-in.
 * A super_admin without a pass gets `passEndsAt` = `checkInBy`.
 *
 * Licences (docs/decisions/050-rights-and-licences.md): a download, its options and every check-in are refused once
 * the title's licence is not in force at that instant or does not cover the viewer's country (403 `licence_ended`,
 * `licence_not_started`, `not_licensed_in_country`), so a copy stops at its next check-in; nothing is recorded then.
 *
 * Sizes are bytes, durations seconds, times ISO strings in answers.
 * Errors (AppError): 404 not_found / video_not_available, 409 video_not_ready, 403 subscription_required,
 * download_not_included, download_limit_reached {limit, used, plan}, offline_device_limit {limit, used}, forbidden.
 */
import { randomBytes } from 'node:crypto';
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import { OFFLINE_CHECK_IN_SECONDS, OFFLINE_KEY_BYTES, type OfflineCreateBody, type OfflineLicenseBody, type OfflineDevices, type OfflineDownload, type OfflineLicense, type OfflineOptions } from '../../../shared/contracts/offline.js';
import { DATA_SAVER_MAX_HEIGHT } from '../../../shared/contracts/playback.js';
import { allowedRenditions, shortSide, viewerLimits, type ViewerLimits } from '../../../shared/domain/entitlements.js';
import { isPassActive } from '../../../shared/domain/plans.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { keys, type MediaStorage } from '../../providers/storage/media-storage.js';
import type { BillingRepository, PassRow } from '../billing/billing.repository.js';
import type { RightsService } from '../rights/rights.service.js';
import { parseMaster } from '../playback/master-playlist.js';
import type { Playable, PlaybackRepository } from '../playback/playback.repository.js';
import { downloadPeriodStart } from '../playback/playback.service.js';
import { downloadLimitReached, downloadNotIncluded, subscriptionRequired, viewerAccess } from '../playback/viewer-access.js';
import { offlinePlaylist, paddedSize, playlistFiles, PlaylistShapeError, type PlaylistFile } from './offline-hls.js';
import type { LiveCopy, OfflineDownloadRow, OfflineRepository } from './offline.repository.js';
import type { ViewingService } from '../viewing/viewing.service.js';

export interface OfflineDeps {
  repo: OfflineRepository;
  playback: Pick<PlaybackRepository, 'playable' | 'dataSaverSettings' | 'recordDownload' | 'downloadsSince'>;
  billing: Pick<BillingRepository, 'passOf' | 'ownsTitle'>;
  /** The licence check (ADR 050): at every download and check-in. */
  rights: Pick<RightsService, 'assertLicensed'>;
  storage: MediaStorage;
  /** The minutes-watched ledger, credited with offline play reported at check-in (ADR 049); absent: nothing is credited. */
  minutes?: Pick<ViewingService, 'onOfflineCheckIn'>;
}

/** A rendition of a stored video: its folder name ("240p") and picture size, pixels. */
interface Rung {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
}

/** What the device stores of one rendition: the rewritten playlist and each file with its clear size, bytes. */
export interface RenditionFiles {
  playlist: string;
  files: (PlaylistFile & { clearBytes: number })[];
  durationSeconds: number;
}

/** What the files route sends: the playlist text, or a stored object (clear init, or a segment to encrypt). */
export type OfflineFile =
  | { kind: 'playlist'; body: string }
  | { kind: 'init'; objectKey: string }
  | { kind: 'segment'; objectKey: string; sequence: number; key: Buffer };

const PLAYLIST = 'index.m3u8';
/** Highest short side, pixels, of the rendition stored when none is named and the data saver is off (contract). */
const OFFLINE_DEFAULT_MAX_HEIGHT = 360;
const notAvailable = () => new AppError(404, 'video_not_available', "This content doesn't have a video source available yet.");
/** The device a live copy counts against: its device id, or the copy itself when it has none. */
const deviceOf = (c: LiveCopy) => c.deviceId ?? `copy:${c.id}`;
/** Devices holding the copies, and whether `deviceId` is one of them. */
export function devicesIn(live: LiveCopy[], limit: number, deviceId: string | null): OfflineDevices {
  const devices = new Set(live.map(deviceOf));
  const thisDevice = deviceId !== null && devices.has(deviceId);
  return { limit, used: devices.size, remaining: Math.max(0, limit - devices.size), thisDevice };
}
const deviceLimit = (d: OfflineDevices) =>
  new AppError(403, 'offline_device_limit', `Your pass keeps downloads on ${d.limit} devices at once, and ${d.used} already hold some. Delete the downloads on one of them to download on this one.`, { limit: d.limit, used: d.used });
const mbPerHour = (bytes: number, seconds: number) => (seconds > 0 ? Math.round(((bytes * 3600) / seconds / 1e6) * 10) / 10 : 0);

export function createOfflineService(deps: OfflineDeps) {
  /** The renditions of a video, lowest first (stored master playlist; the stored rendition list as a fallback). */
  async function rungsOf(video: { id: string; renditions: { name: string; width: number; height: number; bandwidth: number }[] }): Promise<Rung[]> {
    const text = (await deps.storage.readBuffer(keys.videoFile(video.id, 'master.m3u8')))?.toString('utf8');
    const parsed = text ? parseMaster(text).map((v) => ({ name: v.uri.split('/')[0]!, width: v.width, height: v.height, bandwidth: v.bandwidth })) : [];
    const rungs = parsed.length ? parsed : video.renditions.map((r) => ({ name: r.name, width: r.width, height: r.height, bandwidth: r.bandwidth }));
    return [...rungs].sort((a, b) => a.bandwidth - b.bandwidth);
  }

  /** The rendition's stored playlist and the files it names; 404 video_not_available when not stored or misshapen. */
  async function renditionPlaylist(videoId: string, rendition: string): Promise<{ text: string; files: PlaylistFile[] }> {
    const text = (await deps.storage.readBuffer(keys.videoFile(videoId, `${rendition}/${PLAYLIST}`)))?.toString('utf8');
    if (!text) throw notAvailable();
    try {
      return { text, files: playlistFiles(text) };
    } catch (err) {
      if (err instanceof PlaylistShapeError) throw notAvailable();
      throw err;
    }
  }

  /** The rendition's playlist for the device and its files' clear sizes (one listing of the folder). */
  async function renditionFiles(videoId: string, rendition: string): Promise<RenditionFiles> {
    const { text, files } = await renditionPlaylist(videoId, rendition);
    const prefix = keys.videoFile(videoId, `${rendition}/${PLAYLIST}`).replace(/[^/]+$/, '');
    const sizes = new Map((await deps.storage.list(prefix)).map((o) => [o.key.slice(prefix.length), o.size]));
    const sized = files.map((f) => {
      const clearBytes = sizes.get(f.name);
      if (clearBytes === undefined) throw notAvailable();
      return { ...f, clearBytes };
    });
    return { playlist: offlinePlaylist(text), files: sized, durationSeconds: files.reduce((s, f) => s + f.durationSeconds, 0) };
  }

  /** The files as the device fetches them, bytes as sent (segments padded). */
  const fileList = (r: RenditionFiles) => [
    { name: PLAYLIST, bytes: Buffer.byteLength(r.playlist) },
    ...r.files.map((f) => ({ name: f.name, bytes: f.kind === 'segment' ? paddedSize(f.clearBytes) : f.clearBytes })),
  ];

  /** Resolves `id` and applies the download rules (see the file comment), quota aside. */
  async function entitle(user: SessionUser, id: string, now: Date) {
    const { playable, video, pass, limits } = await viewerAccess({ repo: deps.playback, billing: deps.billing, rights: deps.rights }, user, id, undefined, now);
    if (limits.downloads === 0) {
      throw downloadNotIncluded(limits);
    }
    const rungs = await rungsOf(video);
    if (!rungs.length) throw notAvailable();
    return { playable, video, pass: isPassActive(pass, now) ? pass : null, limits, rungs, allowed: allowedRenditions(rungs, limits.maxHeight) };
  }

  /** Downloads per period, used and whether `videoId` is already counted, for the active pass (or super_admin). */
  async function quota(userId: string, limits: ViewerLimits, pass: PassRow | null, videoId: string | null) {
    const counted = await deps.playback.downloadsSince(userId, pass ? downloadPeriodStart(pass) : new Date(0));
    const remaining = limits.downloads === null ? null : Math.max(0, limits.downloads - counted.count);
    return { limit: limits.downloads, used: counted.count, remaining, alreadyCounted: videoId !== null && counted.videos.has(videoId) };
  }

  /**
   * The rendition chosen when none is named (contract `offlineCreateBody`): with the data saver on, the highest allowed
   * at or under its rung (144 or 240, DATA_SAVER_MAX_HEIGHT until chosen; ADR 028); else the highest at or under 360p;
   * the lowest when none fits.
   */
  async function defaultRung(userId: string, allowed: Rung[]): Promise<Rung> {
    const saver = await deps.playback.dataSaverSettings(userId);
    const ceiling = saver.dataSaver ? (saver.maxHeight ?? DATA_SAVER_MAX_HEIGHT) : OFFLINE_DEFAULT_MAX_HEIGHT;
    const fitting = allowed.filter((r) => shortSide(r) <= ceiling);
    return fitting[fitting.length - 1] ?? allowed[0]!;
  }

  /** The user's live download or 404, checked against an active pass (or super_admin) or 403 subscription_required. */
  async function owned(user: SessionUser, downloadId: string, now: Date): Promise<{ row: OfflineDownloadRow; pass: PassRow | null }> {
    const row = await deps.repo.get(user.id, downloadId);
    if (!row) throw notFound('Download');
    const pass = await deps.billing.passOf(user.id, now);
    if (!isPassActive(pass, now) && user.role !== 'super_admin') throw subscriptionRequired(pass);
    return { row, pass: isPassActive(pass, now) ? pass : null };
  }

  /** Copies made or checked in since then still count (older keys have expired on their device). */
  const countedSince = (now: Date) => new Date(now.getTime() - OFFLINE_CHECK_IN_SECONDS * 1000);

  const pageUrlOf = (p: Playable) => (p.kind === 'episode' ? `/series/${p.seriesId}` : `/movie/${p.movieId}`);

  async function describe(row: OfflineDownloadRow, pass: PassRow | null, remaining: number | null, devices?: OfflineDevices): Promise<OfflineDownload | null> {
    const playable = await deps.playback.playable(row.partId ?? row.episodeId ?? row.movieId ?? '');
    if (!playable) return null;
    const rungs = await rungsOf({ id: row.videoId, renditions: playable.video?.id === row.videoId ? playable.video.renditions : [] });
    const rung = rungs.find((r) => r.name === row.rendition) ?? { name: row.rendition, width: 0, height: 0 };
    const files = await renditionFiles(row.videoId, row.rendition).then(fileList, () => []);
    return {
      id: row.id,
      videoId: row.videoId,
      title: playable.label,
      imageUrl: playable.thumbnailUrl,
      pageUrl: pageUrlOf(playable),
      rendition: { name: rung.name, width: rung.width, height: rung.height },
      durationSeconds: playable.video?.id === row.videoId ? playable.video.durationSeconds : null,
      totalBytes: files.reduce((s, f) => s + f.bytes, 0),
      files,
      createdAt: row.createdAt.toISOString(),
      passEndsAt: pass ? new Date(pass.expiresAt).toISOString() : null,
      remaining,
      ...(devices ? { devices } : {}),
    };
  }

  return {
    /** What the download dialog shows: renditions within the pass's cap with their real sizes, the default, the quota. */
    async options(user: SessionUser, id: string, now = new Date(), deviceId: string | null = null): Promise<OfflineOptions> {
      const { playable, video, pass, limits, allowed } = await entitle(user, id, now);
      const renditions = [];
      for (const r of allowed) {
        const files = await renditionFiles(video.id, r.name);
        const totalBytes = fileList(files).reduce((s, f) => s + f.bytes, 0);
        renditions.push({ name: r.name, width: r.width, height: r.height, totalBytes, megabytesPerHour: mbPerHour(totalBytes, files.durationSeconds) });
      }
      const q = await quota(user.id, limits, pass, video.id);
      return {
        title: playable.label,
        durationSeconds: video.durationSeconds,
        renditions,
        defaultRendition: (await defaultRung(user.id, allowed)).name,
        quota: { limit: q.limit, used: q.used, remaining: q.remaining },
        alreadyCounted: q.alreadyCounted,
        devices: devicesIn(await deps.repo.liveCopies(user.id, countedSince(now)), limits.streams, deviceId),
      };
    },

    /** Creates a download (a new key), counting it against the quota; see the file comment for the errors. */
    async create(user: SessionUser, body: OfflineCreateBody, now = new Date()): Promise<OfflineDownload> {
      const { playable, video, pass, limits, rungs, allowed } = await entitle(user, body.id, now);
      let rung: Rung;
      if (body.rendition) {
        const named = rungs.find((r) => r.name === body.rendition);
        if (!named) throw notFound('Rendition');
        if (!allowed.includes(named)) throw new AppError(403, 'forbidden', 'This quality is not included in your pass.');
        rung = named;
      } else rung = await defaultRung(user.id, allowed);
      await renditionFiles(video.id, rung.name);
      const deviceId = body.deviceId ?? null;
      const since = countedSince(now);
      const current = deviceId ? await deps.repo.onDevice(user.id, deviceId, video.id) : null;
      if (current && current.rendition === rung.name) {
        // The same copy asked again on its device: renewed, nothing counted (ADR 027, amended 2026-11-28).
        const q = await quota(user.id, limits, pass, null);
        return (await describe(current, pass, q.remaining, devicesIn(await deps.repo.liveCopies(user.id, since), limits.streams, deviceId)))!;
      }
      // One more device is refused before the quota is touched; the check is made again under the lock below.
      const before = devicesIn(await deps.repo.liveCopies(user.id, since), limits.streams, deviceId);
      if (!before.thisDevice && before.remaining === 0) throw deviceLimit(before);
      const used = await deps.playback.recordDownload(user.id, video.id, rung.name, limits.downloads, pass ? downloadPeriodStart(pass) : new Date(0), now);
      if (used === null) {
        throw downloadLimitReached(limits);
      }
      let after: OfflineDevices = before;
      const row = await deps.repo.createLocked(
        {
          userId: user.id,
          videoId: video.id,
          movieId: playable.movieId,
          partId: playable.partId,
          episodeId: playable.episodeId,
          rendition: rung.name,
          keyBase64: randomBytes(OFFLINE_KEY_BYTES).toString('base64'),
          createdAt: now,
          deviceId,
        },
        since,
        (live) => {
          const d = devicesIn(live, limits.streams, deviceId);
          if (!d.thisDevice && d.remaining === 0) throw deviceLimit(d);
          const replaced = current ? live.filter((c) => c.id !== current.id) : live;
          // The copy about to be made counts on this device (or as a device of its own without an id).
          after = devicesIn([...replaced, { id: 'new', deviceId, videoId: video.id, rendition: rung.name }], limits.streams, deviceId);
          return { replaceId: current?.id ?? null };
        },
      );
      const remaining = limits.downloads === null ? null : Math.max(0, limits.downloads - used);
      return (await describe(row, pass, remaining, after))!;
    },

    /** The user's downloads, newest first (kept while the pass has ended, so the app can show and delete them). */
    async list(user: SessionUser, now = new Date()): Promise<{ items: OfflineDownload[] }> {
      const pass = await deps.billing.passOf(user.id, now);
      const active = isPassActive(pass, now) ? pass : null;
      const limits = viewerLimits({ superAdmin: user.role === 'super_admin', activePlan: active?.plan ?? null });
      const remaining = limits.downloads === 0 ? 0 : (await quota(user.id, limits, active, null)).remaining;
      const items: OfflineDownload[] = [];
      for (const row of await deps.repo.list(user.id)) {
        const d = await describe(row, active, remaining);
        if (d) items.push(d);
      }
      return { items };
    },

    /**
     * One file of the user's download: `index.m3u8` (rewritten), the init segment (clear) or a media segment (to be
     * encrypted under the download's key with its sequence number's IV). Names not in the playlist: 404.
     */
    async file(user: SessionUser, downloadId: string, name: string, now = new Date()): Promise<OfflineFile> {
      const { row } = await owned(user, downloadId, now);
      // One small playlist read a request; no folder listing (a film is hundreds of segments). Sizes come with the read.
      const r = await renditionPlaylist(row.videoId, row.rendition);
      if (name === PLAYLIST) return { kind: 'playlist', body: offlinePlaylist(r.text) };
      const f = r.files.find((x) => x.name === name);
      if (!f) throw notFound('File');
      const objectKey = keys.videoFile(row.videoId, `${row.rendition}/${f.name}`);
      if (f.kind === 'init') return { kind: 'init', objectKey };
      return { kind: 'segment', objectKey, sequence: f.sequence!, key: Buffer.from(row.keyBase64, 'base64') };
    },

    /**
     * The key and how long the device may use it; records the check-in. A copy not checked in for
     * OFFLINE_CHECK_IN_SECONDS is refused with 403 offline_device_limit when its device has no place any more.
     * `played` (what the device played offline, ISO times) is credited to the minutes-watched ledger within the wall
     * time since the download was made or last checked in, in server time (ADR 049), once the check-in is recorded.
     */
    async license(user: SessionUser, downloadId: string, now = new Date(), body: OfflineLicenseBody = {}): Promise<OfflineLicense> {
      const { row, pass } = await owned(user, downloadId, now);
      const playable = await deps.playback.playable(row.partId ?? row.episodeId ?? row.movieId ?? '');
      if (playable) await deps.rights.assertLicensed(playable, { userId: user.id, passSource: pass?.source ?? null }, now);
      const lastCheckIn = row.lastLicenseAt ?? row.createdAt;
      // A copy that stopped counting (30 days without a check-in) comes back only if its device has a place.
      const since = countedSince(now);
      if ((row.lastLicenseAt ?? row.createdAt) <= since) {
        const limits = viewerLimits({ superAdmin: user.role === 'super_admin', activePlan: pass?.plan ?? null });
        const d = devicesIn(await deps.repo.liveCopies(user.id, since), limits.streams, row.deviceId);
        if (!d.thisDevice && d.remaining === 0) throw deviceLimit(d);
      }
      if (!(await deps.repo.checkIn(user.id, downloadId, now))) throw notFound('Download');
      if (body.played?.length && deps.minutes) {
        const reported = body.played.map((p) => ({ fromMs: Date.parse(p.from), toMs: Date.parse(p.to) }));
        await deps.minutes.onOfflineCheckIn(user.id, row.videoId, reported, lastCheckIn, now);
      }
      const checkInBy = new Date(now.getTime() + OFFLINE_CHECK_IN_SECONDS * 1000);
      const passEndsAt = pass ? new Date(pass.expiresAt) : checkInBy;
      const validUntil = passEndsAt < checkInBy ? passEndsAt : checkInBy;
      return { downloadId: row.id, key: row.keyBase64, passEndsAt: passEndsAt.toISOString(), checkInBy: checkInBy.toISOString(), validUntil: validUntil.toISOString() };
    },

    /**
     * Deletes the user's download (soft); the quota is not given back, the device is freed once it holds no other
     * live copy (ADR 027, amended 2026-11-28). 404 when not theirs or already deleted.
     */
    async remove(user: SessionUser, downloadId: string, now = new Date()): Promise<void> {
      if (!(await deps.repo.softDelete(user.id, downloadId, now))) throw notFound('Download');
    },
  };
}
export type OfflineService = ReturnType<typeof createOfflineService>;
