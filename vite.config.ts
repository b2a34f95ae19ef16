import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { wholeJson } from './vite.locale-plugin';
import { serviceWorker } from './vite.sw-plugin';
import { playerBoot } from './vite.boot-plugin';
import { interfaceLanguages } from './vite.languages-plugin';

// The web client (src/web). `index.html` sits at the repository root and loads /src/web/main.tsx.
// The Fastify server serves dist/web in production; in development Vite proxies the API and media to it.
const server = 'http://localhost:3000';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = [
  // Toasts without sonner in the first download: see src/web/lib/lazy-sonner.tsx.
  { find: /^sonner$/, replacement: fileURLToPath(new URL('./src/web/lib/lazy-sonner.tsx', import.meta.url)) },
  // react-router's package points bundlers at its development build; the production build drops its warnings.
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
  { find: /^sonner-real$/, replacement: fileURLToPath(new URL('./node_modules/sonner/dist/index.mjs', import.meta.url)) },
];
/** The browser's zod never compiles code at run time (the CSP forbids eval): see src/web/lib/zod-jitless.ts. */
const browserAlias = [
  ...alias,
  { find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/lib/zod-jitless.ts', import.meta.url)) },
  { find: /^zod-real$/, replacement: fileURLToPath(new URL('./node_modules/zod/index.js', import.meta.url)) },
];

/**
 * The server-side renderer (`vite build --ssr`, docs/decisions/014-server-rendering.md): src/web/entry-server.tsx
 * for Node into dist/ssr, with every library bundled in their production builds (one React, no development
 * warnings, nothing resolved from node_modules at run time).
 */
const ssrConfig = defineConfig({
  root,
  resolve: { alias },
  plugins: [wholeJson(), react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/web/entry-server.tsx',
    outDir: 'dist/ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
    // The renderer has every text bundled (entry-server.tsx), so the app's lazy text imports are not split here:
    // expected, not worth a warning per file.
    rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
  },
});

export default defineConfig(({ isSsrBuild }) => isSsrBuild ? ssrConfig : {
  root,
  // Manifest, icons and the offline page (issue 7 point 6), copied as they are to dist/web.
  publicDir: 'public',
  resolve: { alias: browserAlias },

  // Brotli and gzip copies of every asset, served by @fastify/static's preCompressed option: viewers on mobile
  // data download the smallest encoding their browser takes, with no compression work per request.
  plugins: [wholeJson(), serviceWorker(), playerBoot(), interfaceLanguages(), react(), tailwindcss(), compression({ algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')], threshold: 1024 })],
  build: {
    outDir: 'dist/web',
    // Every browser Sobanura supports has <link rel=modulepreload>; the polyfill would only add to the first download.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    // hls.js (about 180 kB gzipped) is its own chunk, loaded only by the player.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every page needs, in one long-cached file: a new release of the app does not make
              // returning viewers download them again over mobile data.
              name: 'vendor',
              // Also Vite's preload helper and the tiny API helpers every page uses: one request fewer on the first paint.
              test: /vite\/preload-helper|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared[\\/])|src[\\/]web[\\/]lib[\\/](api-client|query-keys)\.ts|node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-slot|@radix-ui[\\/]react-compose-refs|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/media': { target: server, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/media': { target: server, changeOrigin: false },
    },
  },
});
