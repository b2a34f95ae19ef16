import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createAppRouter, loadMatchedRoutes } from './app/router';
import { installGlobalErrorHandlers } from './lib/global-errors';
import { i18n, initI18n, isLanguage, keepLanguage, keptLanguage } from './lib/i18n';
import { hydrateServerState, readServerState } from './lib/server-state';
import { initTheme } from './lib/theme';
import './styles.css';

initTheme();
installGlobalErrorHandlers();
// The service worker (offline page, update prompt) registers after the page has loaded, from its own chunk.
void import('./lib/service-worker').then((m) => m.registerServiceWorker());

/** A difference between the server's drawing and the browser's first render: kept in the error log as a warning. */
function logRecoverable(error: unknown): void {
  void import('./lib/error-log').then((m) => m.logError('warn', 'Hydration: the page was drawn again in the browser', error)).catch(() => {});
}

/**
 * A page drawn on the server (docs/decisions/014-server-rendering.md) is hydrated: the texts of the language it was
 * drawn in, its route's code and its API answers are put in place first, so the first render matches the HTML;
 * hydration runs as a transition, in slices that leave the main thread free between them. Any other page is drawn
 * here (English is bundled; another kept language loads first so the page never flashes in the wrong one).
 */
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const queryClient = createQueryClient();
  const drawHere = () =>
    createRoot(root).render(
      <StrictMode>
        <App router={createAppRouter()} i18n={i18n} queryClient={queryClient} />
      </StrictMode>,
    );
  const state = readServerState();
  if (!state) {
    // The server's choice (<html lang>), else the one kept here; remembered as this browser's language.
    const lang = keptLanguage();
    keepLanguage(lang);
    await initI18n(lang, { shellOnly: location.pathname === '/' });
    drawHere();
    return;
  }
  // One language, chosen once (docs/product/viewer.md §4): the page's. Kept as this browser's language, never
  // switched after hydration (the server chose it from the cookie, else Accept-Language, else English).
  const drawnIn = isLanguage(state.lang) ? state.lang : 'en';
  keepLanguage(drawnIn);
  await initI18n(drawnIn);
  hydrateServerState(queryClient, state);
  try {
    await loadMatchedRoutes(location);
  } catch {
    // The page's code did not arrive (a dropped connection, a deploy in between): the router draws the page
    // itself, trying the code once more, and shows the fallback screen with Try Again if it fails again.
    drawHere();
    return;
  }
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createAppRouter()} i18n={i18n} queryClient={queryClient} />
      </StrictMode>,
      { onRecoverableError: logRecoverable },
    );
  });
}

void start();
