/**
 * The contract between the server and its server-side renderer (docs/decisions/014-server-rendering.md): Vite
 * builds src/web/entry-server.tsx into dist/ssr/entry-server.js, exporting `render`; src/server/plugins/ssr.ts
 * loads that file at start and calls it for page requests. The two sides never import each other's code.
 */
import type { LanguageCode } from '../domain/languages.js';

/**
 * The cookie that names the interface language a page is drawn in (en, fr or rw): the web app writes it beside
 * its localStorage choice (src/web/lib/i18n.ts; the inline script of index.html writes it when it is missing), and
 * the server reads it for each page (src/server/plugins/ssr.ts).
 */
export const LANGUAGE_COOKIE = 'sobanura-lang';

/** The id of the `<script type="application/json">` that carries a drawn page's state (src/web/lib/server-state.ts). */
export const STATE_ELEMENT_ID = 'sobanura-state';

/**
 * The first-frame boot (docs/decisions/030-first-frame-before-the-app.md): the file the web build writes it to
 * (the server inlines its text in a drawn /player page), and the global it leaves for the app and for the loader of
 * the app's scripts (which waits for its first frame).
 */
export const PLAYER_BOOT_FILE = 'player-boot.js';
export const PLAYER_BOOT_GLOBAL = '__sobanuraBoot';

/** Answers an API request the page asks for while it is drawn (a GET under /api), with the visitor's cookies. */
export type PageApiTransport = (path: string, init: RequestInit) => Promise<Response>;

export interface RenderRequest {
  /** Path and query of the page, e.g. `/movies?tab=series`. */
  url: string;
  /** The site's origin, e.g. `https://sobanura.rw` (only used to build the Request the router matches). */
  origin: string;
  /** The visitor's language (the `sobanura-lang` cookie); anything but en, fr or rw means English. */
  language: string | undefined;
  /** Answers the API requests of this visitor's page. */
  fetch: PageApiTransport;
}

export type RenderResult =
  /** A page drawn on the server: `html` goes inside `<div id="root">`, `state` (JSON, safe in a script) into the state script. */
  | { kind: 'page'; status: number; html: string; state: string; lang: LanguageCode; errors: unknown[] }
  /** The page sends the visitor to `location` (a path on this site, with query): the server answers 302. */
  | { kind: 'redirect'; location: string }
  /** A page the browser draws by itself (the player, the admin panel): the server sends the bare app shell. */
  | { kind: 'client' };

/** The module dist/ssr/entry-server.js. */
export interface PageRenderer {
  render(req: RenderRequest): Promise<RenderResult>;
}
