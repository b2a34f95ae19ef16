import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, useParams, type RouteObject } from 'react-router';
import { Redirect } from '../lib/redirect';
import { PageSpinner } from './page-spinner';
import { RouteError } from './route-error';
import { RequireAdmin, RequireAuth } from './guards';
import { HomePage } from './home-page';
import { Layout } from './layout';

/** In-page links of the old site pointed at /series/:id/season/:n/episode/:m (docs/product/viewer.md §2); they land on the episode page. */
function OldEpisodeUrl() {
  const { id = '', n = '', m = '' } = useParams();
  return <Redirect replace to={`/episode/${encodeURIComponent(id)}/${encodeURIComponent(n)}/${encodeURIComponent(m)}`} />;
}

const catalog = {
  movies: () => import('../features/catalog/routes/movies-page').then((m) => ({ Component: m.default })),
  // The app layer adds billing's Buy this title to the movie's page.
  watch: () => import('./routes/watch-route').then((m) => ({ Component: m.default })),
  series: () => import('../features/catalog/routes/series-page').then((m) => ({ Component: m.default })),
  translators: () => import('../features/catalog/routes/translators-page').then((m) => ({ Component: m.default })),
  translator: () => import('../features/catalog/routes/translator-page').then((m) => ({ Component: m.default })),
  watchlist: () => import('../features/catalog/routes/watchlist-page').then((m) => ({ Component: m.default })),
};

/**
 * The static pages, open to everyone (the header and footer link to them for all, docs/product/viewer.md §2): each loads
 * with its texts (namespace `pages`).
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const [m] = await Promise.all([load(), import('../features/pages/texts').then((x) => x.loadPagesTexts())]);
  return { Component: m.default };
};
const pages = {
  about: page(() => import('../features/pages/routes/about-page')),
  help: page(() => import('../features/pages/routes/help-page')),
  terms: page(() => import('../features/pages/routes/terms-page')),
  privacy: page(() => import('../features/pages/routes/privacy-page')),
  contact: page(() => import('../features/pages/routes/contact-page')),
};

/**
 * What a route tells the server-side renderer (src/web/entry-server.tsx): `ssr: false` pages are sent as the bare
 * app shell and drawn in the browser only: the player and the admin panel (nothing to see without their code),
 * and the viewer's billing, receipts and settings (dates and times in the browser's own time zone), and the
 * Downloads pages (what is stored on the device).
 */
export interface RouteHandle {
  ssr?: boolean;
}
const CLIENT_ONLY: RouteHandle = { ssr: false };

/**
 * Every page but home loads on demand; the player (hls.js) and the admin panel (tus) stay out of the first download.
 * The same table serves the browser (createAppRouter) and the server-side renderer (entry-server.tsx).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    // Shown while the first page's lazy chunk loads, when the app opens directly on that page.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', lazy: () => import('../features/accounts/routes/login-page').then((m) => ({ Component: m.default })) },
          { path: 'register', lazy: () => import('../features/accounts/routes/register-page').then((m) => ({ Component: m.default })) },
          { path: 'forgot-password', lazy: () => import('../features/accounts/routes/forgot-password-page').then((m) => ({ Component: m.default })) },
          { path: 'reset-password', lazy: () => import('../features/accounts/routes/reset-password-page').then((m) => ({ Component: m.default })) },
          { path: 'about', lazy: pages.about },
          { path: 'help', lazy: pages.help },
          { path: 'terms', lazy: pages.terms },
          { path: 'privacy', lazy: pages.privacy },
          { path: 'contact', lazy: pages.contact },
          // A gift's claim link (docs/decisions/046-gifts.md): open signed out too, where it makes the account.
          { path: 'gift', handle: CLIENT_ONLY, lazy: () => import('./routes/gift-route').then((m) => ({ Component: m.default })) },
          // Offline downloads (docs/decisions/027-offline-downloads.md): drawn in the browser from the device's own
          // storage, outside RequireAuth so they open with no network (the session cannot be checked then).
          { path: 'downloads', handle: CLIENT_ONLY, lazy: () => import('../features/offline/routes/downloads-page').then((m) => ({ Component: m.default })) },
          { path: 'downloads/:id/play', handle: CLIENT_ONLY, lazy: () => import('../features/offline/routes/offline-player-page').then((m) => ({ Component: m.default })) },
          // The catalogue and the plans are open to visitors, read-only (docs/decisions/054-visitors-see-the-catalogue.md):
          // their buttons that need an account lead to sign-in with a reason and the way back.
          { path: 'movies', lazy: catalog.movies },
          { path: 'watch/:id', lazy: catalog.watch },
          { path: 'series/:id', lazy: catalog.series },
          { path: 'series/:id/season/:n/episode/:m', element: <OldEpisodeUrl /> },
          { path: 'translators', lazy: catalog.translators },
          { path: 'translators/:slug', lazy: catalog.translator },
          { path: 'subscribe', lazy: () => import('./routes/subscribe-route').then((m) => ({ Component: m.default })) },
          {
            element: <RequireAuth reason="watch" />,
            children: [
              // The catalogue's episode page with the player in it (app layer composes the two features).
              { path: 'episode/:seriesId/:season/:episode', handle: CLIENT_ONLY, lazy: () => import('./routes/episode-route').then((m) => ({ Component: m.default })) },
              { path: 'player/:id', handle: CLIENT_ONLY, lazy: () => import('./routes/player-route').then((m) => ({ Component: m.default })) },
            ],
          },
          { element: <RequireAuth reason="watchlist" />, children: [{ path: 'watchlist', lazy: catalog.watchlist }] },
          {
            element: <RequireAuth reason="pay" />,
            children: [
              // Vouchers bought from an agent (docs/decisions/042-vouchers.md): drawn on the server, a real form before hydration.
              { path: 'redeem', lazy: () => import('../features/vouchers/routes/redeem-page').then((m) => ({ Component: m.default })) },
              { path: 'billing', handle: CLIENT_ONLY, lazy: () => import('../features/billing/routes/billing-page').then((m) => ({ Component: m.default })) },
              { path: 'billing/receipts/:id', handle: CLIENT_ONLY, lazy: () => import('../features/billing/routes/receipt-page').then((m) => ({ Component: m.default })) },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              { path: 'settings', handle: CLIENT_ONLY, lazy: () => import('./routes/settings-route').then((m) => ({ Component: m.default })) },
              // A translator's own figures (docs/decisions/047-translators-as-people.md); the server refuses other accounts.
              { path: 'studio', handle: CLIENT_ONLY, lazy: () => import('../features/studio/routes/studio-page').then((m) => ({ Component: m.default })) },
              {
                element: <RequireAdmin />,
                children: [{ path: 'super-panel-2025', handle: CLIENT_ONLY, lazy: () => import('./routes/admin-route').then((m) => ({ Component: m.default })) }],
              },
            ],
          },
          { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.default })) },
        ],
      },
    ],
  },
];

/** The browser's router over `routes`. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the code of the routes that match `location` into the route table, before the browser's router is made:
 * a page drawn on the server hydrates with its route already there, not behind a loading screen (React Router's
 * data routers render `hydrateFallbackElement` while a matched route is still lazy).
 */
export async function loadMatchedRoutes(location: { pathname: string; search: string; hash: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
