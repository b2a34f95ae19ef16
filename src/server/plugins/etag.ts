/**
 * ETags and `304 Not Modified` on the catalogue's JSON reads (docs/decisions/029-catalogue-etags.md; RFC 9110
 * sections 8.8.1, 8.8.3, 13.1.2 and 15.4.5; RFC 9111 section 5.2.2 for Cache-Control).
 *
 * A phone that already holds an answer sends its ETag back in `If-None-Match` (the browser's HTTP cache does it by
 * itself); when the answer's text is unchanged it gets a 304 with headers only instead of the JSON again.
 *
 * - Only the routes in `CATALOGUE_READS` take part, on GET and HEAD, for a 200 whose body is text (the JSON), with
 *   no `Set-Cookie`. Everything else is left alone: streams, /media/* (the download delivery sets its own
 *   validators, ADR 025), the CLI's NDJSON, POST/PUT/DELETE answers, errors, playlists and signed URLs.
 * - The ETag is @fastify/etag's SHA-1 of the JSON text, **weak** (`W/"…"`): the same text is sent as brotli, gzip
 *   or identity (compress-once.ts, @fastify/compress), and a strong validator would have to differ per coding
 *   (RFC 9110 section 8.8.1). If-None-Match is evaluated by `fresh` (the library Express uses) as RFC 9110
 *   section 13.1.2 asks: a list of entity tags, `*`, and the weak comparison; a request sent with
 *   `Cache-Control: no-cache` (a reload that wants the whole answer) gets the 200. @fastify/etag only makes the tag
 *   (its own check compares a single tag and is switched off).
 * - Each route gets its Cache-Control here unless it set one itself (site settings keep `public, max-age=60`,
 *   ADR 022): answers that depend on who asks (viewers see playable titles only, admins everything: ADR 023)
 *   are `private, no-cache`, so no shared cache keeps one audience's answer, and the browser's own copy is
 *   revalidated on every use; answers the same for everyone are `public, no-cache`.
 *
 * The hook is added on the root instance before the catalogue's routes exist (they copy the hooks present when
 * they are registered): `registerCatalogueEtags` throws if called after them. It runs before the routes' own
 * onSend hooks (compress-once.ts, then @fastify/compress), so it hashes the JSON text, not compressed bytes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { fastifyEtag } from '@fastify/etag';
import fresh from 'fresh';

/** Cache-Control of an answer that depends on the caller's audience or account. */
export const PRIVATE_REVALIDATE = 'private, no-cache';
/** Cache-Control of an answer that is the same for every caller. */
export const PUBLIC_REVALIDATE = 'public, no-cache';

/**
 * The catalogue's public reads, by route pattern (`request.routeOptions.url`), with the Cache-Control each gets.
 * Per audience (ADR 023, `audienceOf`): home rows, the catalogue page (categories, search, sort), a film (with its
 * parts and related titles), the film list, a translator's titles, a series, an episode. Per account: the watch
 * list. The same for everyone: the translators list, the site settings (ADR 022), the plans at their prices.
 */
export const CATALOGUE_READS: ReadonlyMap<string, string> = new Map([
  ['/api/home', PRIVATE_REVALIDATE],
  ['/api/catalog', PRIVATE_REVALIDATE],
  ['/api/movies', PRIVATE_REVALIDATE],
  ['/api/movies/:id', PRIVATE_REVALIDATE],
  ['/api/translators/:slug', PRIVATE_REVALIDATE],
  ['/api/series/:id', PRIVATE_REVALIDATE],
  ['/api/series/:id/seasons/:season/episodes/:episode', PRIVATE_REVALIDATE],
  ['/api/watchlist', PRIVATE_REVALIDATE],
  ['/api/translators', PUBLIC_REVALIDATE],
  ['/api/site-settings', PUBLIC_REVALIDATE],
  ['/api/plans', PUBLIC_REVALIDATE],
]);

/** Whether this answer gets an ETag (and may become a 304): see the module's comment. */
export function takesEtag(req: FastifyRequest, reply: FastifyReply, payload: unknown): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    CATALOGUE_READS.has(req.routeOptions.url ?? '') &&
    reply.statusCode === 200 &&
    !reply.hasHeader('set-cookie') &&
    (typeof payload === 'string' || Buffer.isBuffer(payload))
  );
}

/**
 * Adds the ETag hook to `app` (the root instance). Throws Error if a catalogue route is already registered, since
 * that route would never see the hook.
 */
export async function registerCatalogueEtags(app: FastifyInstance): Promise<void> {
  for (const url of CATALOGUE_READS.keys()) {
    if (app.hasRoute({ method: 'GET', url })) throw new Error(`registerCatalogueEtags must run before ${url} is registered`);
  }
  // @fastify/etag adds one onSend hook to the instance it is handed and applies it to every answer. It is handed a
  // view of `app` whose addHook wraps that hook so it runs for the catalogue's reads only.
  const scoped = {
    addHook(name: 'onSend', hook: onSendHookHandler) {
      app.addHook(name, function (this: FastifyInstance, req, reply, payload, done) {
        if (!takesEtag(req, reply, payload)) return done(null, payload);
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', CATALOGUE_READS.get(req.routeOptions.url!)!);
        // @fastify/etag sets the ETag and calls done(null, undefined): the answer unchanged. Then, when the request's
        // validators match, a 304 goes out with no body and no Content-Length or Content-Type (RFC 9110 sections 8.6
        // and 15.4.5: a Content-Length there would have to be the 200's, and representation metadata is left out);
        // a '' body would go out with `Content-Length: 0`, so the payload is null.
        const finish = (_err: null, next: unknown) => {
          if (!fresh(req.headers, { etag: String(reply.getHeader('etag') ?? '') })) return done(null, next);
          reply.code(304);
          reply.removeHeader('content-type');
          reply.removeHeader('content-length');
          return done(null, null);
        };
        return (hook as (this: FastifyInstance, ...args: Parameters<onSendHookHandler>) => void).call(this, req, reply, payload, finish as typeof done);
      });
    },
  };
  await fastifyEtag(scoped as unknown as FastifyInstance, { weak: true, replyWith304: false });
}
