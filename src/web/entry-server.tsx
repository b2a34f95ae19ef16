/**
 * The server-side renderer (docs/decisions/014-server-rendering.md). Vite builds this file for Node into
 * dist/ssr/entry-server.js; the server (src/server/plugins/ssr.ts) loads that build and calls `render` for each
 * page request, so the page arrives drawn: text, posters and links paint before any JavaScript has run, which is
 * what a phone on slow mobile data waits for.
 *
 * It draws the same routes, components and texts as the browser. Components ask for data with TanStack Query as
 * usual; the renderer draws, fetches the queries the drawing asked for (through `fetch`, which the server routes
 * in-process with the visitor's cookies), and draws again, until nothing new is asked for (at most MAX_PASSES).
 * The answers travel with the page (lib/server-state.ts) so the browser's first render matches.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { QueryCache, QueryClient, type DefaultError, type FetchQueryOptions, type Query, type QueryKey, type QueryOptions, type QueryState, type WithRequired } from '@tanstack/react-query';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/app';
import { getMe } from './features/accounts/api/get-me';
import { plansQuery } from './features/billing/api/get-plans';
import { catalogPageQuery } from './features/catalog/api/get-catalog-page';
import { movieQuery } from './features/catalog/api/get-movie';
import { translatorsQuery } from './features/catalog/api/get-translators';
import { watchlistQuery } from './features/catalog/api/get-watchlist';
import { readCatalogParams } from './features/catalog/hooks/use-catalog-params';
import { routes, type RouteHandle } from './app/router';
import { PAGES_NS } from './features/pages/texts';
import type { PageApiTransport, RenderRequest, RenderResult } from '../shared/contracts/page-render';
import { fetchTransport, setTransport } from './lib/api-client';
import { queryKeys } from './lib/query-keys';
import { getSiteSettings, SITE_SETTINGS_KEY } from './lib/site-info';
import { ServerRedirectContext } from './lib/redirect';
import { I18N_OPTIONS, initI18n, isLanguage, type Language } from './lib/i18n';
import { serializeServerState } from './lib/server-state';
import { memoizeFixedT } from './lib/memo-fixed-t';
import { LANGUAGE_CODES } from '../shared/domain/languages';

/** Draw, fetch, draw again: a page whose data needs other data (a film, then its related films) takes 3 passes. */
export const MAX_PASSES = 4;
/** One drawing pass longer than this is cut short: what is still waiting is left for the browser to draw. */
export const RENDER_TIMEOUT_MS = 5000;

const requestScope = new AsyncLocalStorage<PageApiTransport>();
// Outside a page render a request goes to `fetch` as in the browser: on the server a relative path fails there
// ("Failed to parse URL"), and a unit test that stubs `fetch` in the same worker still gets its stub.
setTransport((path, init) => {
  const fetchForVisitor = requestScope.getStore();
  return fetchForVisitor ? fetchForVisitor(path, init) : fetchTransport(path, init);
});

/** Every text of every language (src/shared/domain/languages.ts), bundled into the server's renderer. */
const appTexts = import.meta.glob<Record<string, unknown>>('./locales/*.json', { eager: true, import: 'default' });
const pagesTexts = import.meta.glob<Record<string, unknown>>('./features/pages/locales/*.json', { eager: true, import: 'default' });
const RESOURCES: Resource = Object.fromEntries(
  LANGUAGE_CODES.map((code) => [code, { translation: appTexts[`./locales/${code}.json`] ?? {}, [PAGES_NS]: pagesTexts[`./features/pages/locales/${code}.json`] ?? {} }]),
);

const instances = new Map<Language, I18n>();
/**
 * One i18next instance per language with every text in it, made once and shared by all requests; what the pages
 * are given is a view of it (`Object.create(instance)`): an object with no properties of its own that reads and
 * calls everything through the instance. Why: react-i18next 17's `useTranslation` copies every own property of the
 * instance it is given into a new object for each component that calls it (`createI18nWrapper`, made for the
 * React Compiler; in the browser once per component, since a component renders many times, but on the server every
 * render is a first one). i18next binds each of its ~40 methods onto the instance, so that copy cost about 25 µs for
 * every component that translates, on every pass: 9-12 % of the server's CPU on /movies (bench/pages/run.ts
 * --profile; docs/decisions/014-server-rendering.md, amended 2026-11-28). A view has
 * nothing to copy; the texts, the language and the methods are the instance's. The server never changes a
 * language, so nothing is written through it but react-i18next's own bookkeeping (`reportNamespaces`).
 * react-i18next 18 wraps with a Proxy instead (no copy), but needs i18next 27, whose changed defaults
 * (fallbackLng, returnEmptyString, Trans escaping) are an upgrade of their own. The view's translators remember
 * the texts of plain keys (lib/memo-fixed-t.ts).
 */
function i18nFor(lng: Language): I18n {
  let view = instances.get(lng);
  if (!view) {
    const inst = i18next.createInstance({ ...I18N_OPTIONS, supportedLngs: [...I18N_OPTIONS.supportedLngs], resources: RESOURCES, lng });
    void inst.init();
    view = memoizeFixedT(Object.create(inst) as I18n);
    instances.set(lng, view);
  }
  return view;
}

// The app's own i18n instance serves code outside React (lazy chunks that wait for English, the pages' texts).
const globalReady = initI18n('en');

const handler = createStaticHandler(routes);

/** A query fetched ahead: its key and fetch as the feature's hook has them (the api folders' `queryOptions`). */
interface AheadQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
  staleTime?: unknown;
}
/** What a route's prefetch is given: the matched route's params, the URL's query, and whether a viewer is signed in. */
interface PrefetchContext {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  signedIn: boolean;
}

/**
 * The queries a page is known to ask for once its data has come, by the matched route's path (app/router.tsx),
 * in the order the drawing asks for them. They are fetched before the first pass, so the page is drawn once instead
 * of three times (/movies: the list and the translators, then the watch list its cards ask for; /watch/{id}: the
 * film, then the watch list and the plans of "Buy this title"). Both pages are open to visitors (ADR 054): a
 * visitor's page asks for no watch list (its buttons lead to sign-in instead), so it is not fetched for them. A query prefetched here that the
 * drawing did not ask for (a film that does not exist shows no Buy button) is dropped before the state is written,
 * so the page carries exactly what it would have without prefetching (docs/decisions/014-server-rendering.md).
 */
const PREFETCH: Record<string, (ctx: PrefetchContext) => AheadQuery[]> = {
  movies: ({ search, signedIn }) => [catalogPageQuery(readCatalogParams(search)), translatorsQuery, ...(signedIn ? [watchlistQuery] : [])],
  'watch/:id': ({ params, signedIn }) => (params.id ? [movieQuery(params.id), ...(signedIn ? [watchlistQuery] : []), plansQuery] : []),
};

/** A query cache that notes the hash of every query a drawing reads (useQuery builds its query on every render). */
class ReadingQueryCache extends QueryCache {
  readonly read = new Set<string>();
  override build<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
    client: QueryClient,
    options: WithRequired<QueryOptions<TQueryFnData, TError, TData, TQueryKey>, 'queryKey'>,
    state?: QueryState<TData, TError>,
  ): Query<TQueryFnData, TError, TData, TQueryKey> {
    const query = super.build(client, options, state);
    this.read.add(query.queryHash);
    return query;
  }
}

/** Renders `element` to HTML once every Suspense boundary (lazy chunks) has resolved. */
function renderToString(element: ReactElement, errors: unknown[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    // A part still waiting then is left for the browser to draw.
    const timer = setTimeout(() => stream.abort(new Error(`render took longer than ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Sent once whole, so every part goes in place as it is: no part outlined into a hidden element that an
      // inline script moves into view later (React does that for parts past 12,800 bytes), which would hold back
      // the posters' paint until the script runs.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: (err) => {
        clearTimeout(timer);
        reject(err);
      },
      onError: (err) => {
        errors.push(err);
      },
    });
  });
}

function isEnabled(q: Query): boolean {
  const enabled = (q.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(q) !== false : enabled !== false;
}

/**
 * Draws the page at `req.url` for one visitor. Resolves with the HTML and the state to hydrate from, or with
 * `{ kind: 'client' }` for pages drawn in the browser only. Rejects when the page cannot be drawn at all (the
 * server then sends the bare app shell); an error inside a lazy part is collected in `errors` and that part is
 * drawn by the browser.
 */
export async function render(req: RenderRequest): Promise<RenderResult> {
  await globalReady;
  const lang: Language = isLanguage(req.language) ? req.language : 'en';
  return requestScope.run(req.fetch, async () => {
    const context = await handler.query(new Request(new URL(req.url, req.origin)));
    if (context instanceof Response) return { kind: 'client' };
    if (context.matches.some((m) => (m.route.handle as RouteHandle | undefined)?.ssr === false)) return { kind: 'client' };

    // retryOnMount off, as in the browser (app/query-client.ts): a failed answer is drawn as the failure it is.
    const queryCache = new ReadingQueryCache();
    const queryClient = new QueryClient({ queryCache, defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } } });
    const router = createStaticRouter(handler.dataRoutes, context);
    const i18n = i18nFor(lang);
    let redirect: { location: string; withState: boolean } | null = null;
    const recordRedirect = (location: string, withState: boolean) => {
      redirect ??= { location, withState };
    };
    const page = () => (
      <ServerRedirectContext.Provider value={recordRedirect}>
        <AppProviders i18n={i18n} queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </ServerRedirectContext.Provider>
    );

    // Every page asks who the visitor is (the header, the guards of signed-in pages) and shows the site settings
    // (the footer; ADR 022): asked before the first pass, a signed-in page is drawn in one pass fewer.
    await Promise.all([queryClient.prefetchQuery({ queryKey: queryKeys.me, queryFn: getMe }), queryClient.prefetchQuery({ queryKey: SITE_SETTINGS_KEY, queryFn: getSiteSettings })]);
    // Then what the matched page will ask for (PREFETCH), so it is drawn in one pass.
    const last = context.matches[context.matches.length - 1];
    const signedIn = !!queryClient.getQueryData<{ user?: unknown }>(queryKeys.me)?.user;
    const prefetched = PREFETCH[last?.route.path ?? '']?.({ params: last?.params ?? {}, search: new URL(req.url, req.origin).searchParams, signedIn }) ?? [];
    await Promise.all(prefetched.map((q) => queryClient.prefetchQuery(q as FetchQueryOptions)));

    const errors: unknown[] = [];
    let html = '';
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      queryCache.read.clear();
      html = await renderToString(page(), errors);
      // The page sends the visitor elsewhere (lib/redirect.tsx): an HTTP redirect, or the shell when the move
      // carries router state (the page to come back to after signing in) that only the browser can hold.
      const moved = redirect as { location: string; withState: boolean } | null;
      if (moved) return moved.withState || !moved.location.startsWith('/') || moved.location.startsWith('//') ? { kind: 'client' } : { kind: 'redirect', location: moved.location };
      const cache = queryClient.getQueryCache();
      const asked = cache.getAll().filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle');
      // A query that was off this pass (it waits for another's answer) is built again, with its options then.
      for (const q of asked) if (!isEnabled(q)) cache.remove(q);
      const wanted = asked.filter(isEnabled);
      if (!wanted.length || pass === MAX_PASSES) break;
      errors.length = 0;
      await Promise.all(wanted.map((q) => q.fetch().catch(() => undefined)));
    }
    // A prefetched query the last drawing did not read is not part of the page.
    for (const q of prefetched) {
      const query = queryCache.find({ queryKey: q.queryKey, exact: true });
      if (query && !queryCache.read.has(query.queryHash)) queryCache.remove(query);
    }
    const status = last?.route.path === '*' ? 404 : context.statusCode;
    return { kind: 'page', status, html, state: serializeServerState(lang, queryClient), lang, errors };
  });
}
