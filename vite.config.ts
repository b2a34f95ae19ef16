import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The web client (src/web). `index.html` sits at the repository root and loads /src/web/main.tsx.
// The Fastify server serves dist/web in production; in development Vite proxies the API and media to it.
const server = 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: false,
  // Brotli and gzip copies of every asset, served by @fastify/static's preCompressed option: viewers on mobile
  // data download the smallest encoding their browser takes, with no compression work per request.
  plugins: [react(), tailwindcss(), compression({ algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')], threshold: 1024 })],
  build: {
    outDir: 'dist/web',
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
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|sonner|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-slot|@radix-ui[\\/]react-compose-refs|use-sync-external-store)[\\/]/,
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
