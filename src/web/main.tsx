import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installGlobalErrorHandlers } from './lib/global-errors';
import { initI18n } from './lib/i18n';
import { initTheme } from './lib/theme';
import './styles.css';

initTheme();
installGlobalErrorHandlers();
// The service worker (offline page, update prompt) registers after the page has loaded, from its own chunk.
void import('./lib/service-worker').then((m) => m.registerServiceWorker());
// English is bundled; another stored language loads first so the page never flashes in the wrong one.
void initI18n(undefined, { shellOnly: location.pathname === '/' }).then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
