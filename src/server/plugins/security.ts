/**
 * Security headers (helmet) and the Origin check of state-changing requests (docs/product/architecture.md §5 "Security and data
 * rules"): a POST, PUT, PATCH or DELETE whose Origin header names another site is refused with 403
 * `bad_origin`. Requests without Origin (the command line, server-to-server callbacks) pass; browsers always
 * send it on cross-site writes.
 *
 * Content Security Policy (docs/decisions/020-content-security-policy.md): scripts come from this site, plus the
 * inline scripts of the HTML the server sends from the web build (index.html's theme bootstrap, the loader that
 * starts the app after a drawn page's paint, the offline page's script), each allowed by its SHA-256 hash
 * (CSP Level 3 "hash-source"). No 'unsafe-inline' for scripts and, by helmet's default `script-src-attr 'none'`,
 * no inline event handlers. Styles keep 'unsafe-inline': React writes `style` attributes (progress bars, the
 * player's controls) into drawn pages, and CSP has no hash for an attribute without 'unsafe-hashes'.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { deferAppScripts, playerBootScript } from './ssr.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Script types a browser does not run (HTML "data block"): JSON state and JSON-LD need no hash. */
const DATA_TYPES = /^(application\/(ld\+)?json|text\/plain)$/i;

/**
 * The text of every inline script of `html` that a browser would run: `<script>` elements without `src` whose
 * `type` is absent, `text/javascript` or `module`. Data blocks (`type="application/json"`) are left out.
 */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (type && DATA_TYPES.test(type)) continue;
    found.push(m[2] ?? '');
  }
  return found;
}

/** The CSP hash-source of a script's text: `'sha256-<base64>'` over its UTF-8 bytes (CSP Level 3, section 8.2). */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The hashes of the inline scripts the server sends from the web build in `webDir`: those of every `*.html` at its
 * top (index.html, offline.html), of index.html as sent for a drawn page (ssr.ts deferAppScripts) and of the
 * first-frame boot a drawn /player page carries (ssr.ts playerBootScript, ADR 030). Empty when
 * the web app is not built. The pages are read once: the server sends these files as they are at its start.
 */
export function builtScriptHashes(webDir: string): string[] {
  if (!existsSync(webDir)) return [];
  const pages = readdirSync(webDir).filter((f) => f.endsWith('.html')).map((f) => readFileSync(path.join(webDir, f), 'utf8'));
  const index = existsSync(path.join(webDir, 'index.html')) ? readFileSync(path.join(webDir, 'index.html'), 'utf8') : null;
  if (index?.includes('<script type="module" crossorigin src=')) pages.push(deferAppScripts(index));
  const boot = playerBootScript(webDir);
  if (boot) pages.push(boot);
  return [...new Set(pages.flatMap(inlineScripts).map(scriptHash))];
}

/**
 * Registers helmet and the Origin check. `webDir` is the built web app (config WEB_DIR), whose pages' inline
 * scripts are allowed by hash (see builtScriptHashes).
 */
export async function registerSecurity(app: FastifyInstance, publicUrl: string, webDir?: string): Promise<void> {
  const hashes = webDir ? builtScriptHashes(webDir) : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...hashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // data: for the empty caption files hls.js gives the <track> elements it makes (`data:,WEBVTT`, its
        // createTrackNode), whose cues it then adds itself; media from data: URLs runs no script.
        mediaSrc: ["'self'", 'blob:', 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // `same-origin`, not helmet's `no-referrer`: under `no-referrer` a browser sends `Origin: null` on its own
    // same-site form posts (Fetch standard, "append a request Origin header"), which the check below must refuse;
    // other sites still get no Referer (docs/decisions/024-forms-before-hydration.md).
    referrerPolicy: { policy: 'same-origin' },
    hsts: publicUrl.startsWith('https://'),
  });
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const host = request.headers.host;
    const sameHost = host && (origin === `http://${host}` || origin === `https://${host}`);
    if (origin !== allowed && !sameHost) throw new AppError(403, 'bad_origin', 'Requests from another site are not allowed.');
  });
}
