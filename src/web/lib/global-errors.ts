/**
 * Logs uncaught errors and unhandled promise rejections as `error` (docs/product/viewer.md §8).
 * The error log module (error-log.ts) loads only when the first error happens, so it is not in the first download.
 */
export function installGlobalErrorHandlers(): void {
  if (typeof window === 'undefined') return;
  const log = (message: string, data: unknown) => void import('./error-log').then((m) => m.logError('error', message, data)).catch(() => {});
  window.addEventListener('error', (e) => log(e.message || 'Uncaught error', e.error ?? { source: e.filename, line: e.lineno }));
  window.addEventListener('unhandledrejection', (e) => {
    const reason: unknown = e.reason;
    log(reason instanceof Error ? reason.message : 'Unhandled promise rejection', reason);
  });
}
