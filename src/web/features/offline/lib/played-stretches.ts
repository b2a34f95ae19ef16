/**
 * What a stored download played, kept on the device until a check-in reports it to the minutes-watched ledger
 * (docs/decisions/049-minutes-watched-ledger.md: the server credits each stretch only within the time since the
 * download was issued or last checked in, in its own clock). Stretches are wall-clock times, ISO, half-open
 * `[from, to)`; at most OFFLINE_PLAY_REPORT_MAX are kept, the newest.
 */
import { OFFLINE_PLAY_REPORT_MAX } from '../../../../shared/contracts/offline';
import { getStored, putStored } from './offline-db';

export interface PlayedStretch {
  from: string;
  to: string;
}

/**
 * `played` with the stretch that began at `from` now ending at `to` (a stretch still playing is saved again as it
 * grows), or with it added; empty stretches are left out; the newest `max` kept. Pure.
 */
export function withStretch(played: readonly PlayedStretch[], from: string, to: string, max = OFFLINE_PLAY_REPORT_MAX): PlayedStretch[] {
  if (!(Date.parse(to) > Date.parse(from))) return [...played];
  const others = played.filter((s) => s.from !== from);
  return [...others, { from, to }].slice(-max);
}

/** Saves that download `id` played from `fromMs` to `toMs` (ms since the epoch); nothing when it is not stored. */
export async function savePlayed(id: string, fromMs: number, toMs: number): Promise<void> {
  const record = await getStored(id);
  if (!record) return;
  await putStored({ ...record, played: withStretch(record.played ?? [], new Date(fromMs).toISOString(), new Date(toMs).toISOString()) });
}

/** Forgets the stretches a check-in reported (`sent`), keeping any saved since. */
export async function forgetReported(id: string, sent: readonly PlayedStretch[]): Promise<void> {
  const record = await getStored(id);
  if (!record?.played?.length) return;
  const reported = new Set(sent.map((s) => `${s.from}|${s.to}`));
  await putStored({ ...record, played: record.played.filter((s) => !reported.has(`${s.from}|${s.to}`)) });
}
