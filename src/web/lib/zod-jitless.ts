/**
 * `zod` for the browser build (vite.config.ts aliases the bare specifier here; `zod-real` is the package). zod 4
 * compiles fast object parsers with `new Function` the first time it parses, which the site's Content Security
 * Policy forbids (script-src without 'unsafe-eval', src/server/plugins/security.ts): the browser refused it and
 * reported a CSP violation on every page with a form. `jitless` makes zod parse without compiling; the forms'
 * objects are small, so nothing is slower that anyone would notice. The server and the unit tests use zod as it is.
 */
import { config } from 'zod-real';

config({ jitless: true });

export * from 'zod-real';
export { z, z as default } from 'zod-real';
