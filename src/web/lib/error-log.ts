/**
 * Client error log (docs/product/viewer.md §3 "Error log entry" and §8 "Logged errors").
 * `logError(level, message, data?, context?)`: levels warn, error and critical are kept in localStorage under
 * `sobanura-error-log` (the last CLIENT_ERROR_LOG_CAP = 50 entries, oldest dropped) and reported to
 * POST /api/client-errors in batches of at most 10, sent a moment later (so a burst makes one request); debug and
 * info are neither kept nor sent. Reporting never throws and never logs itself (no loops); the server rate limits
 * and caps the body (CLIENT_ERROR_MAX_BYTES), so each entry's data is cut to 2,000 characters here.
 */
import { CLIENT_ERROR_LOG_CAP, type ClientErrorEntry, type ClientErrorLevel } from '../../shared/domain/client-errors';
import { readStored, writeStored } from './storage';

export type LogLevel = 'debug' | 'info' | ClientErrorLevel;
export const ERROR_LOG_KEY = 'sobanura-error-log';
const KEPT: readonly LogLevel[] = ['warn', 'error', 'critical'];
const BATCH = 10;
const DATA_MAX = 2000;

let queue: ClientErrorEntry[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** The kept entries, oldest first. */
export function readErrorLog(): ClientErrorEntry[] {
  try {
    const v = JSON.parse(readStored(ERROR_LOG_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as ClientErrorEntry[]) : [];
  } catch {
    return [];
  }
}

function describe(data: unknown): unknown {
  if (data instanceof Error) return { name: data.name, message: data.message, stack: data.stack?.slice(0, DATA_MAX) };
  if (data === undefined) return undefined;
  try {
    const s = JSON.stringify(data);
    return s && s.length > DATA_MAX ? s.slice(0, DATA_MAX) : data;
  } catch {
    return String(data).slice(0, DATA_MAX);
  }
}

async function flush(): Promise<void> {
  timer = null;
  while (queue.length) {
    const entries = queue.slice(0, BATCH);
    queue = queue.slice(BATCH);
    try {
      await fetch('/api/client-errors', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ entries }),
        credentials: 'same-origin',
        keepalive: true,
      });
    } catch {
      // Offline or blocked: the entries stay in browser storage.
      return;
    }
  }
}

/** Records a client-side problem; see the module comment for what is kept and sent. */
export function logError(level: LogLevel, message: string, data?: unknown, context?: string): void {
  if (!KEPT.includes(level)) return;
  const entry: ClientErrorEntry = {
    level: level as ClientErrorLevel,
    message: (message || 'Unknown error').slice(0, 1000),
    data: describe(data),
    timestamp: new Date().toISOString(),
    context: (context ?? (typeof location === 'undefined' ? undefined : location.pathname))?.slice(0, 300),
  };
  writeStored(ERROR_LOG_KEY, JSON.stringify([...readErrorLog(), entry].slice(-CLIENT_ERROR_LOG_CAP)));
  queue.push(entry);
  if (queue.length > BATCH * 3) queue = queue.slice(-BATCH * 3);
  if (!timer) timer = setTimeout(() => void flush(), 1000);
}
