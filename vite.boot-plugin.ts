import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { PLAYER_BOOT_FILE } from './src/shared/contracts/page-render';

/**
 * Builds src/web/boot/player-boot.ts into /player-boot.js: one minified IIFE with its few imports bundled in
 * (docs/decisions/030-first-frame-before-the-app.md). A build of its own, so no module it shares with the app is
 * split into a chunk it would have to import: the server writes its text into the page, so it must stand alone
 * and must not contain `</script`.
 */
/** Largest boot the build accepts, bytes minified (about 6.7 KB today). */
const BOOT_MAX_BYTES = 16_000;

export function playerBoot(): Plugin {
  const entry = fileURLToPath(new URL('./src/web/boot/player-boot.ts', import.meta.url));
  return {
    name: 'sobanura-player-boot',
    apply: 'build',
    async generateBundle() {
      const out = await build({
        configFile: false,
        logLevel: 'warn',
        build: { write: false, minify: true, target: 'es2020', lib: { entry, formats: ['iife'], name: 'sobanuraPlayerBoot', fileName: () => PLAYER_BOOT_FILE } },
      });
      const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
      const code = outputs.flatMap((o) => o.output).find((c) => c.type === 'chunk')?.code;
      if (!code) throw new Error(`${PLAYER_BOOT_FILE} was not built`);
      // It is written into every player page: a module that drags in a library (zod once did, through a contract)
      // must fail the build, not slow the first frame.
      if (code.length > BOOT_MAX_BYTES) throw new Error(`${PLAYER_BOOT_FILE} is ${code.length} bytes, over ${BOOT_MAX_BYTES}: it imports more than its small pure modules`);
      if (/<\/script/i.test(code)) throw new Error(`${PLAYER_BOOT_FILE} contains "</script": it could not be inlined`);
      this.emitFile({ type: 'asset', fileName: PLAYER_BOOT_FILE, source: code.trim() });
    },
  };
}
