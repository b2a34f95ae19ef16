/**
 * The server killed with SIGKILL while ffmpeg transcodes (docs/decisions/016-object-storage-and-roles.md, "worker
 * roles"; src/server/providers/transcoder/run-tool.ts, src/server/jobs/job-heartbeat.ts, work-folders.ts), on PGlite
 * and on PostgreSQL: ffmpeg dies with it (setpriv --pdeathsig SIGKILL), the restarted server sweeps the killed
 * run's work folder, runs the job again (PGlite: at start; PostgreSQL: the heartbeat sweeper, about 16 s with the
 * fault site's JOB_* settings, 45 s with the defaults) and the video becomes ready with a complete, decodable ladder.
 *
 * Fixture: cockatoo.mp4 (728,751 bytes, 14 s, 1280x720: the ladder 240p-720p), sent in one PATCH.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { planLadder } from '../../shared/domain/ladder.js';
import { describeEachDb, FIXTURES, waitFor } from '../test/harness.js';
import { useFaultSite, type FaultSite } from './support/child-server.js';
import { checkLadder, createMovie, signedIn, tusCreate, tusPatch, uploadFile, videoState, waitReady, type VideoState } from './support/site-client.js';

const FILM = readFileSync(path.join(FIXTURES, 'cockatoo.mp4'));
const LADDER = planLadder(1280, 720).map((r) => r.name);
/** Seconds a video may take to become ready after the restart: the job's retry (about 16 s on PostgreSQL), then the transcode. */
const READY_SECONDS = 180;

describeEachDb('faults: the server killed while ffmpeg transcodes', (kind) => {
  let site: FaultSite;
  let admin: string;
  useFaultSite(kind, { signIn: (s) => signedIn(s, 'admin') }, (s, cookie) => ((site = s), (admin = cookie)));

  it('leaves no ffmpeg running, sweeps the work folder and transcodes again to a ready video', { timeout: 300_000 }, async () => {
    const movieId = await createMovie(site, admin, 'Killed mid-transcode');
    const location = await tusCreate(site, admin, movieId, FILM.length, 'cockatoo.mp4');
    const videoId = location.split('/').pop()!;
    expect(await tusPatch(site, admin, location, 0, FILM)).toEqual({ status: 204, offset: FILM.length });

    // Wait for ffmpeg to run (its arguments name the upload under DATA_DIR) and for the job to report progress.
    const during = await waitFor(async () => {
      const [state, tools] = await Promise.all([videoState(site, admin, videoId), site.toolProcesses()]);
      if (state.status === 'ready' || state.status === 'failed') throw new Error(`the transcode ended before it could be interrupted: ${state.status}`);
      return state.status === 'processing' && state.progress > 0 && tools.length > 0 ? { state, tools } : null;
    }, 120);
    const killedPid = site.pid()!;
    const folders = site.workFolders().filter((n) => n.startsWith(`sobanura-work-${killedPid}-${videoId}-`));
    expect(folders).toHaveLength(1);
    await site.kill9();

    // The kernel kills ffmpeg with its parent (PR_SET_PDEATHSIG); give it a moment to be reaped.
    const orphans = await waitFor(async () => ((await site.toolProcesses()).length === 0 ? 'none' : null), 10).catch(async () => (await site.toolProcesses()).join(','));
    expect(orphans, `ffmpeg ${during.tools.join(',')} outlived the killed server`).toBe('none');
    expect(site.workFolders()).toContain(folders[0]);

    await site.start();
    // The killed run's work folder (a partial ladder) is swept when the new process starts its jobs.
    expect(site.workFolders()).not.toContain(folders[0]);
    const after: VideoState = await videoState(site, admin, videoId);
    expect(after.status).not.toBe('failed');

    expect((await waitReady(site, admin, videoId, READY_SECONDS)).renditions).toEqual(LADDER);
    const frames = await checkLadder(site, videoId, LADDER);
    for (const name of LADDER) expect(frames[name], name).toBeGreaterThan(0);
    const clean = await waitFor(async () => (site.workFolders().length === 0 ? 'clean' : null), 20).catch(() => site.workFolders().join(','));
    expect(clean).toBe('clean');
    expect(() => readFileSync(uploadFile(site, videoId))).toThrow(/ENOENT/);
  });
});
