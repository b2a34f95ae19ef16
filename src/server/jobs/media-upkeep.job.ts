/**
 * The ingest upkeep on a timer (MediaService.upkeep: finish uploads whose bytes are all stored, queue again or fail
 * videos left 'processing' with no job, expire abandoned uploads). It runs in every process that runs jobs (role
 * `all` or `worker`, docs/decisions/016-object-storage-and-roles.md): one pass at start, so a restart after a crash
 * recovers at once, then one pass `everySeconds` (60) after the previous one ended.
 *
 * Several workers on one PostgreSQL take turns: each pass holds the advisory lock UPKEEP_LOCK_KEY, so two passes never
 * overlap, and the second finds the first's work done (every change is a compare-and-set on the asset's status, and
 * a job is queued again only while none is waiting or running). PGlite admits one process, so no lock there.
 */
import type { MediaService, UpkeepReport } from '../modules/media/media.service.js';

/** Advisory lock key held by one upkeep pass (beside MIGRATION_LOCK_KEY …001 and QUEUE_LOCK_KEY …002). */
export const UPKEEP_LOCK_KEY = 727_262_003;
/** Seconds between the end of one pass and the start of the next. */
export const UPKEEP_EVERY_SECONDS = 60;

export interface MediaUpkeepHandle {
  /** Runs one pass now, after any pass under way in this process; resolves with its report. Throws its error. */
  runNow(): Promise<UpkeepReport>;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

/**
 * Starts the timer. `withLock` is the database's advisory lock (PostgreSQL; absent on PGlite). Errors of a pass go to
 * `onError` and the next pass runs as planned.
 */
export function startMediaUpkeep(
  media: Pick<MediaService, 'upkeep'>,
  opts: {
    withLock?: <T>(key: number, fn: () => Promise<T>) => Promise<T>;
    everySeconds?: number;
    /** Options of the first pass only: `idleSeconds: 0` where no other process can be at work (PGlite, at start). */
    firstPass?: Parameters<MediaService['upkeep']>[0];
    onError: (err: Error) => void;
  },
): MediaUpkeepHandle {
  const everySeconds = opts.everySeconds ?? UPKEEP_EVERY_SECONDS;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> = Promise.resolve();

  let first = opts.firstPass;
  const pass = () => {
    const options = first;
    first = undefined;
    return opts.withLock ? opts.withLock(UPKEEP_LOCK_KEY, () => media.upkeep(options)) : media.upkeep(options);
  };
  const runNow = (): Promise<UpkeepReport> => {
    const run = current.catch(() => {}).then(pass);
    current = run;
    return run;
  };
  const tick = () => {
    runNow()
      .catch((err: Error) => opts.onError(err))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, everySeconds * 1000);
        timer.unref();
      });
  };
  tick();

  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current.catch(() => {});
    },
  };
}
