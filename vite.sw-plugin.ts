import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Builds src/web/sw/sw.ts into /sw.js (issue 7 point 6) and writes into it the list of files to precache: the
 * entry chunk with the chunks and CSS it loads at once, the offline page, the manifest and the icons (not the
 * lazy routes, not hls.js: a viewer on mobile data downloads only what the first page needs). The version is a
 * hash of that list, so a new deploy installs a new worker and the page offers to update.
 */
export function serviceWorker(): Plugin {
  const source = fileURLToPath(new URL('./src/web/sw/sw.ts', import.meta.url));
  const STATIC = ['/offline.html', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon.svg'];
  return {
    name: 'sobanura-service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: source, fileName: 'sw.js' });
    },
    generateBundle(_options, bundle) {
      const files = new Set<string>();
      const visit = (name: string) => {
        const c = bundle[name];
        if (!c || c.type !== 'chunk' || files.has(`/${name}`)) return;
        files.add(`/${name}`);
        const css = (c as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
        css?.forEach((f) => files.add(`/${f}`));
        c.imports.forEach(visit);
      };
      for (const [name, c] of Object.entries(bundle)) if (c.type === 'chunk' && c.isEntry && name !== 'sw.js') visit(name);
      const list = [...files, ...STATIC];
      const version = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 12);
      const sw = bundle['sw.js'];
      if (!sw || sw.type !== 'chunk') throw new Error('sw.js was not built');
      if (sw.imports.length) throw new Error(`sw.js must be self-contained, but imports ${sw.imports.join(', ')}`);
      const before = sw.code;
      sw.code = sw.code.replace(/(["'`])__SOBANURA_PRECACHE__\1/, JSON.stringify(JSON.stringify(list))).replaceAll('__SOBANURA_VERSION__', version);
      if (sw.code === before || sw.code.includes('__SOBANURA_')) throw new Error(`sw.js placeholders not found: ${sw.code.slice(0, 400)}`);
    },
  };
}
