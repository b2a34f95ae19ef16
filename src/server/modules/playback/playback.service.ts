/**
 * Who may watch what, and how (docs/product/viewer.md §1, §8, §9; ADR 003, ADR 009).
 *
 * Entitlement: super_admin always; a title with is_premium false for any signed-in user; otherwise an active pass,
 * or a purchase of that title alone (a movie part follows its movie, and a purchase of a multi-part film covers all
 * its parts, docs/decisions/023-playable-titles-and-film-parts.md; an episode follows its series' premium flag and
 * needs a pass). Limits while watching come from `viewerLimits` (src/shared/domain/entitlements.ts).
 *
 * Stream sessions: each POST /api/playback without a live `sessionId` starts a session, refused over the plan's
 * simultaneous streams; heartbeats keep it alive; it lapses `sessionLapseSeconds` after the last one (default
 * SESSION_LAPSE_SECONDS) or when stopped. A heartbeat of a session whose viewer may no longer watch its title (the
 * pass ended, the title bought alone was refunded) ends it with 409 `stream_session_ended` {reason 'not_entitled'}.
 * A heartbeat of a session whose title's licence has ended (or does not cover the viewer's country) at that instant
 * ends it with 409 `stream_session_ended` {reason 'licence_ended' | 'licence_not_started' | 'not_licensed_in_country'}
 * (docs/decisions/050-rights-and-licences.md); a new POST is then refused with that code (403).
 * A POST with the device's live `sessionId` refreshes the signed URL (or moves the session to the next part or
 * episode) without counting another stream.
 *
 * Data saver (docs/decisions/028-data-saver-rungs-and-save-data.md): caps at the viewer's rung (144p or 240p); on
 * when the viewer chose it, or, while they have not chosen, when the browser asks to save data (`saveData`: the
 * `Save-Data: on` header of the WICG "Save-Data" client hint, or `navigator.connection.saveData`); an explicit off
 * wins. When no rendition of a video fits the cap (transcoded before the 144p rung), its lowest one is served.
 *
 * MP4 file downloads (ADR 028): for admins and super admins; for viewers only when `allowFileDownloads`
 * (ALLOW_FILE_DOWNLOADS) is true, else 403 `file_downloads_off` (viewers download inside the app, ADR 027).
 *
 * Errors (AppError): 404 `not_found` / `video_not_available` {availability 'failed'} (no video, or its transcode
 * failed), 409 `video_not_ready` {availability 'processing'} (uploading or transcoding; ADR 023), 403 `subscription_required`
 * {reason 'none'|'expired'}, 409 `stream_limit_reached` {limit, plan, sessions}, 409 `stream_session_ended`,
 * 403 `download_not_included`, 403 `download_limit_reached` {limit, used, plan}, 403 `file_downloads_off`.
 */
import type { SessionUser } from '../../../shared/contracts/accounts.js';
import type { DataSaverHeight, DownloadQuota, DownloadResponse, PlaybackRequest, PlaybackResponse, PlaybackRendition, PlaybackSettings, StreamSession } from '../../../shared/contracts/playback.js';
import { DATA_SAVER_MAX_HEIGHT, DOWNLOAD_URL_TTL_SECONDS, HEARTBEAT_INTERVAL_SECONDS, SESSION_LAPSE_SECONDS, SIGNED_URL_TTL_SECONDS } from '../../../shared/contracts/playback.js';
import { allowedRenditions, dataSaverState, megabytesForDuration, megabytesPerHour, qualityCap, signedCap, startFirstOrder, viewerLimits, type ViewerLimits } from '../../../shared/domain/entitlements.js';
import { isPassActive } from '../../../shared/domain/plans.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { keys, type MediaStorage } from '../../providers/storage/media-storage.js';
import { parseMediaPlaylist } from '../../providers/transcoder/hls-master.js';
import type { BillingRepository, PassRow } from '../billing/billing.repository.js';
import type { RightsService } from '../rights/rights.service.js';
import { parseMaster, captionFileUri, segmentAt, type Variant } from './master-playlist.js';
import type { PlaybackRepository, SessionRow } from './playback.repository.js';
import { downloadBaseName } from './download-delivery.js';
import type { DownloadRemuxer } from './download-remux.js';
import type { UrlSigner } from './url-signer.js';
import type { ViewingService } from '../viewing/viewing.service.js';
import type { PlayerState } from '../../../shared/domain/minutes-watched.js';
import { downloadLimitReached, downloadNotIncluded, viewerAccess, type ViewerAccess } from './viewer-access.js';

export interface PlaybackDeps {
  repo: PlaybackRepository;
  billing: BillingRepository;
  /** The licence check (ADR 050): at every new session or refresh, download and heartbeat. */
  rights: Pick<RightsService, 'assertLicensed' | 'assertVideoLicensed'>;
  signer: UrlSigner;
  storage: MediaStorage;
  /** Resume position of a user's video, seconds, or null (progress module). */
  resumeOf: (userId: string, videoId: string, durationSeconds: number | null) => Promise<number | null>;
  /** Makes and finds MP4 downloads (download-remux.ts). */
  downloads: Pick<DownloadRemuxer, 'ensureMp4'>;
  /** Seconds without a heartbeat after which a session lapses (tests shorten it). */
  sessionLapseSeconds?: number;
  /** ALLOW_FILE_DOWNLOADS: viewers may have the MP4 file too (default false: admins and super admins only; ADR 028). */
  allowFileDownloads?: boolean;
  /** The minutes-watched ledger, credited by each accepted heartbeat (ADR 049); absent: nothing is credited. */
  minutes?: Pick<ViewingService, 'onHeartbeat'>;
}

type Access = ViewerAccess;

/** "Chrome on Android" from a User-Agent header; "Unknown device" when nothing is recognised. */
export function deviceLabel(ua: string | undefined): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua) ? 'Edge' : /OPR\/|Opera/.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\/|CriOS\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const os = /Android/.test(ua) ? 'Android' : /iPhone/.test(ua) ? 'iPhone' : /iPad/.test(ua) ? 'iPad' : /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'Mac' : /Linux/.test(ua) ? 'Linux' : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}

const iso = (d: Date) => d.toISOString();

export function createPlaybackService(deps: PlaybackDeps) {
  const lapseMs = () => (deps.sessionLapseSeconds ?? SESSION_LAPSE_SECONDS) * 1000;
  const since = (now: Date) => new Date(now.getTime() - lapseMs());

  async function readText(videoId: string, rel: string): Promise<string | null> {
    const f = await deps.storage.readBuffer(keys.videoFile(videoId, rel));
    return f ? f.toString('utf8') : null;
  }
  /** The stored variants of a video (from its master playlist; falls back to the stored rendition list). */
  async function variantsOf(video: Access['video']): Promise<Variant[]> {
    const text = await readText(video.id, 'master.m3u8');
    const parsed = text ? parseMaster(text) : [];
    if (parsed.length) return parsed;
    return video.renditions.map((r) => ({ uri: r.playlist, attrs: `BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height}`, bandwidth: r.bandwidth, averageBandwidth: r.bandwidth, width: r.width, height: r.height }));
  }

  /** Resolves `id` and checks the user may watch it. */
  async function access(user: SessionUser, id: string, partId: string | undefined, now: Date): Promise<Access> {
    return viewerAccess(deps, user, id, partId, now);
  }

  /**
   * Whether the viewer may still watch a video a session plays: super_admin, an active pass, a free title or one
   * bought alone; then the licence of its title (ADR 050): its refusal's code, or 'not_entitled', or null when they may.
   */
  async function stillEntitled(user: SessionUser, videoId: string, now: Date): Promise<string | null> {
    const pass = await deps.billing.passOf(user.id, now);
    const active = isPassActive(pass, now);
    if (user.role !== 'super_admin' && !active) {
      const open = await deps.repo.videoOpenTo(user.id, videoId);
      if (!open.free && !open.owned) return 'not_entitled';
    }
    try {
      await deps.rights.assertVideoLicensed(videoId, { userId: user.id, passSource: active && pass ? pass.source : null }, now);
    } catch (err) {
      if (err instanceof AppError && (err.code === 'licence_ended' || err.code === 'licence_not_started' || err.code === 'not_licensed_in_country')) return err.code;
      throw err;
    }
    return null;
  }

  /** The viewer's data saver: on/off (null: not chosen) and its rung (144 or 240 pixels; 240 until chosen). */
  async function settings(userId: string): Promise<PlaybackSettings> {
    const s = await deps.repo.dataSaverSettings(userId);
    return { dataSaver: s.dataSaver, dataSaverMaxHeight: s.maxHeight ?? DATA_SAVER_MAX_HEIGHT };
  }

  const toSession = (s: SessionRow): StreamSession => ({ id: s.id, device: s.device, title: s.title, videoId: s.videoId, startedAt: iso(s.startedAt), lastSeenAt: iso(s.lastSeenAt) });

  function streamLimitError(limits: ViewerLimits, sessions: SessionRow[]) {
    const planName = limits.plan ? `${limits.plan[0]!.toUpperCase()}${limits.plan.slice(1)} Pass` : 'access';
    const devices = `${limits.streams} device${limits.streams === 1 ? '' : 's'}`;
    return new AppError(
      409,
      'stream_limit_reached',
      `Your ${planName} allows ${devices} at a time, and ${sessions.length === 1 ? 'one is' : `${sessions.length} are`} already playing. Stop playback on another device (or stop it from the list of devices here) to watch on this one.`,
      { limit: limits.streams, plan: limits.plan, sessions: sessions.map(toSession) },
    );
  }

  return {
    /**
     * A signed master playlist URL for a movie, movie part or episode, with this viewer's renditions, captions,
     * resume position and stream session (see the file comment).
     * @param device label of the requesting device (User-Agent)
     */
    async signedMaster(user: SessionUser, id: string, req: PlaybackRequest & { device?: string } = {}, now = new Date()): Promise<PlaybackResponse> {
      const { playable, video, limits } = await access(user, id, req.partId, now);
      const stored = await deps.repo.dataSaverSettings(user.id);
      const saver = dataSaverState({ chosen: stored.dataSaver, storedMaxHeight: stored.maxHeight, browserSaveData: req.saveData === true });
      const cap = qualityCap(limits.maxHeight, saver.on, saver.maxHeight);

      let sessionId: string | null = null;
      let newPlay = true;
      if (req.sessionId) {
        const live = await deps.repo.activeSession(user.id, req.sessionId, since(now));
        if (live && (await deps.repo.touchSession(user.id, live.id, since(now), now, { videoId: video.id, title: playable.label }))) {
          sessionId = live.id;
          newPlay = live.videoId !== video.id;
        }
      }
      if (!sessionId) {
        const started = await deps.repo.startSession({ userId: user.id, videoId: video.id, title: playable.label, device: req.device ?? 'Unknown device' }, limits.streams, since(now), now);
        if ('full' in started) throw streamLimitError(limits, started.full);
        sessionId = started.session.id;
      }

      const resumeSeconds = await deps.resumeOf(user.id, video.id, video.durationSeconds);
      if (newPlay) await deps.repo.openPlay(user.id, video.id, sessionId, resumeSeconds ?? 0, now);

      const served = allowedRenditions(await variantsOf(video), cap.maxHeight);
      // Under a 144p cap a video without a 144p rung is served its lowest rendition: the token says so (signedCap).
      const maxHeight = signedCap(cap.maxHeight, served);
      const exp = Math.floor(now.getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
      const token = deps.signer.sign(video.id, user.id, exp, maxHeight);
      const base = `/media/v/${video.id}/${token}/`;
      // The start rendition first (as the served master lists it); the quality menu lists them lowest first.
      const ordered = startFirstOrder(served);
      const renditions: PlaybackRendition[] = [...ordered]
        .sort((a, b) => a.bandwidth - b.bandwidth)
        .map((v) => ({
          name: v.uri.split('/')[0] ?? v.uri,
          width: v.width,
          height: v.height,
          bandwidth: v.bandwidth,
          averageBandwidth: v.averageBandwidth,
          megabytesPerHour: megabytesPerHour(v.averageBandwidth),
          megabytesForVideo: megabytesForDuration(v.averageBandwidth, video.durationSeconds),
        }));
      const captions = (await deps.repo.captions(video.id)).map((c) => ({ language: c.language, url: base + captionFileUri(c.language) }));
      const startVariant = ordered[0];
      const startMedia = startVariant ? await readText(video.id, startVariant.uri).catch(() => null) : null;
      const startSegment = startMedia ? segmentAt(parseMediaPlaylist(startMedia), resumeSeconds ?? 0) : null;
      const startDir = startVariant ? startVariant.uri.slice(0, startVariant.uri.lastIndexOf('/') + 1) : '';
      // An fMP4 rendition's init segment (EXT-X-MAP, ADR 026) comes before any media segment: warm it too.
      const startInit = startMedia ? (/#EXT-X-MAP:URI="([^"]+)"/.exec(startMedia)?.[1] ?? null) : null;
      return {
        url: `${base}master.m3u8`,
        expiresAt: new Date(exp * 1000).toISOString(),
        sessionId,
        videoId: video.id,
        durationSeconds: video.durationSeconds,
        heartbeatIntervalSeconds: HEARTBEAT_INTERVAL_SECONDS,
        renditions,
        maxHeight,
        capReason: cap.reason,
        dataSaver: stored.dataSaver,
        dataSaverSource: saver.on ? saver.source : null,
        dataSaverMaxHeight: saver.maxHeight,
        captions,
        resumeSeconds,
        start: startVariant && startMedia ? { media: base + startVariant.uri, segment: startSegment ? base + startDir + startSegment : null, init: startInit ? base + startDir + startInit : null } : null,
      };
    },

    /**
     * Keeps a session alive; throws 409 stream_session_ended when it was stopped, lapsed or is not the user's, and
     * also, ending the session, when the viewer may no longer watch what it plays (their pass ended, or the title
     * bought alone was refunded): the player then asks for a new session and is told 403 subscription_required.
     * An accepted heartbeat credits the minutes-watched ledger (`minutes.onHeartbeat`, ADR 049): the time since the
     * session's previous accepted heartbeat, in server time, capped; nothing after a `paused` one.
     * @param state what the player says it is doing now (the optional body; `playing` without one)
     */
    async heartbeat(user: SessionUser, sessionId: string, now = new Date(), state: PlayerState = 'playing'): Promise<{ lapsesAt: string }> {
      const ended = () => new AppError(409, 'stream_session_ended', 'Playback was stopped on this device. Press play to watch again.');
      const live = await deps.repo.activeSession(user.id, sessionId, since(now));
      if (!live) throw ended();
      const refused = await stillEntitled(user, live.videoId, now);
      if (refused) {
        await deps.repo.stopSession(user.id, sessionId, now);
        throw new AppError(409, 'stream_session_ended', 'Your access to this title has ended. Press play to see your options.', { reason: refused });
      }
      if (!(await deps.repo.touchSession(user.id, sessionId, since(now), now))) throw ended();
      await deps.minutes?.onHeartbeat(live, state, now);
      return { lapsesAt: iso(new Date(now.getTime() + lapseMs())) };
    },
    /** The user's active streams and their limit. */
    async sessions(user: SessionUser, now = new Date()): Promise<{ items: StreamSession[]; limit: number }> {
      const pass = await deps.billing.passOf(user.id, now);
      const limits = viewerLimits({ superAdmin: user.role === 'super_admin', activePlan: isPassActive(pass, now) && pass ? pass.plan : null });
      return { items: (await deps.repo.activeSessions(user.id, since(now))).map(toSession), limit: limits.streams };
    },
    /** Stops one of the user's streams; 404 when there is no such running session of theirs. */
    async stop(userId: string, sessionId: string, now = new Date()): Promise<void> {
      if (!(await deps.repo.stopSession(userId, sessionId, now))) throw notFound('Session');
    },

    settings,
    /** Stores the viewer's explicit choice (which then wins over the browser's Save-Data); without a rung, keeps the stored one. */
    async setSettings(userId: string, dataSaver: boolean, now = new Date(), dataSaverMaxHeight?: DataSaverHeight): Promise<PlaybackSettings> {
      await deps.repo.setDataSaver(userId, dataSaver, now, dataSaverMaxHeight);
      return settings(userId);
    },

    /** Captions of a video as listed in a served master playlist (languages only). */
    captionLanguages: async (videoId: string) => (await deps.repo.captions(videoId)).map((c) => c.language),
    /** A video's duration in seconds (caption playlists), or null. */
    videoDuration: async (videoId: string) => (await deps.repo.video(videoId))?.durationSeconds ?? null,
    /** The stored master playlist's variants of a video, for the per-viewer master. */
    async storedVariants(videoId: string): Promise<Variant[] | null> {
      const text = await readText(videoId, 'master.m3u8');
      return text ? parseMaster(text) : null;
    },

    /** The download quota of the user's current pass period (`downloadPeriodStart`). */
    async downloadQuota(user: SessionUser, now = new Date()): Promise<DownloadQuota> {
      const pass = await deps.billing.passOf(user.id, now);
      const active = isPassActive(pass, now) && pass ? pass : null;
      const limits = viewerLimits({ superAdmin: user.role === 'super_admin', activePlan: active?.plan ?? null });
      if (limits.downloads === 0) return { limit: 0, used: 0, remaining: 0 };
      const used = active ? (await deps.repo.downloadsSince(user.id, downloadPeriodStart(active))).count : 0;
      return { limit: limits.downloads, used, remaining: limits.downloads === null ? null : Math.max(0, limits.downloads - used) };
    },

    /**
     * A signed, expiring link to an MP4 of the highest rendition within the viewer's cap (data saver included),
     * made on first request by remuxing that HLS rendition (`ffmpeg -c copy`, download-remux.ts) and kept in storage at
     * `videos/{videoId}/downloads/{rendition}.mp4`. Counts one download per distinct video per pass period.
     */
    async download(user: SessionUser, id: string, now = new Date()): Promise<DownloadResponse> {
      if (!deps.allowFileDownloads && user.role !== 'admin' && user.role !== 'super_admin') {
        // `file_downloads_off` belongs in ERROR_CODES (src/shared/contracts/errors.ts); cast until it is listed there.
        throw new AppError(403, 'file_downloads_off', 'Film files cannot be downloaded here. Use Download in the app to watch offline.');
      }
      const { playable, video, pass, limits } = await access(user, id, undefined, now);
      if (limits.downloads === 0) {
        throw downloadNotIncluded(limits);
      }
      const stored = await deps.repo.dataSaverSettings(user.id);
      const cap = qualityCap(limits.maxHeight, stored.dataSaver, stored.maxHeight ?? DATA_SAVER_MAX_HEIGHT);
      const allowed = allowedRenditions(await variantsOf(video), cap.maxHeight);
      const top = allowed[allowed.length - 1];
      if (!top) throw new AppError(404, 'video_not_available', "This content doesn't have a video source available yet.");
      const rendition = top.uri.split('/')[0]!;
      const file = await deps.downloads.ensureMp4(video.id, rendition);
      const periodStart = pass && isPassActive(pass, now) ? downloadPeriodStart(pass) : new Date(0);
      const used = await deps.repo.recordDownload(user.id, video.id, rendition, limits.downloads, periodStart, now);
      if (used === null) {
        throw downloadLimitReached(limits);
      }
      const exp = Math.floor(now.getTime() / 1000) + DOWNLOAD_URL_TTL_SECONDS;
      const token = deps.signer.sign(video.id, user.id, exp, signedCap(cap.maxHeight, allowed), 'd');
      const name = downloadBaseName(playable);
      return {
        url: `/media/d/${video.id}/${token}/${rendition}.mp4?name=${encodeURIComponent(name)}`,
        expiresAt: new Date(exp * 1000).toISOString(),
        rendition,
        sizeBytes: file.size,
        filename: `${name}.mp4`,
        remaining: limits.downloads === null ? null : Math.max(0, limits.downloads - used),
      };
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;

/**
 * Start of the pass period downloads are counted in: the last time the pass was bought or granted while active
 * (`subscriptions.updated_at`; extending a pass writes it). Each pass bought brings its plan's quota afresh
 * (ADR 009 "Downloads"); unused downloads do not carry over.
 */
export function downloadPeriodStart(pass: PassRow): Date {
  return pass.updatedAt;
}
