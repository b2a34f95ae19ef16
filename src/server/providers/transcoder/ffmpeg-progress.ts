/**
 * Turns ffmpeg's `-progress pipe:1` key=value stream into whole percentages: out_time_us/out_time_ms
 * parsed against the probed duration, onProgress called with an integer 0-100 monotonically (throttled to
 * changes).
 */

/** Feeds stdout chunks in; calls `onProgress` only when the whole percentage goes up. */
export interface ProgressTracker {
  /** Feed a chunk of ffmpeg's progress output (may split lines anywhere). */
  push(chunk: Buffer | string): void;
  /** Report 100 (once), after ffmpeg has succeeded. */
  finish(): void;
}

/**
 * Creates a tracker for a run over `durationSeconds` of source. Percentages are integers, strictly rising,
 * capped at 99 until finish() so that 100 means "done and written". Both out_time_us and out_time_ms are
 * microseconds in ffmpeg (out_time_ms is misnamed); either is read.
 */
export function createProgressTracker(durationSeconds: number, onProgress?: (percent: number) => void): ProgressTracker {
  let last = -1;
  let pending = '';
  const report = (percent: number) => {
    if (percent > last) {
      last = percent;
      onProgress?.(percent);
    }
  };
  return {
    push(chunk) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)\s*$/.exec(line);
        if (!match || !(durationSeconds > 0)) continue;
        const seconds = Number(match[1]) / 1e6;
        report(Math.min(99, Math.max(0, Math.floor((seconds / durationSeconds) * 100))));
      }
    },
    finish() {
      report(100);
    },
  };
}
