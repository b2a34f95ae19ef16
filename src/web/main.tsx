import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { initTheme } from './lib/theme';
import './styles.css';

initTheme();
// English is bundled; another stored language loads first so the page never flashes in the wrong one.
void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
