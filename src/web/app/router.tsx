import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { PageSpinner } from './page-spinner';
import { RouteError } from './route-error';
import { RequireAdmin, RequireAuth } from './guards';
import { HomePage } from './home-page';
import { Layout } from './layout';

/** In-page links of the old site pointed at /series/:id/season/:n/episode/:m (viewer spec section 2); they land on the episode page. */
function OldEpisodeUrl() {
  const { id = '', n = '', m = '' } = useParams();
  return <Navigate replace to={`/episode/${encodeURIComponent(id)}/${encodeURIComponent(n)}/${encodeURIComponent(m)}`} />;
}

const catalog = {
  movies: () => import('../features/catalog/routes/movies-page').then((m) => ({ Component: m.default })),
  watch: () => import('../features/catalog/routes/watch-page').then((m) => ({ Component: m.default })),
  series: () => import('../features/catalog/routes/series-page').then((m) => ({ Component: m.default })),
  episode: () => import('../features/catalog/routes/episode-page').then((m) => ({ Component: m.default })),
  translators: () => import('../features/catalog/routes/translators-page').then((m) => ({ Component: m.default })),
  translator: () => import('../features/catalog/routes/translator-page').then((m) => ({ Component: m.default })),
  watchlist: () => import('../features/catalog/routes/watchlist-page').then((m) => ({ Component: m.default })),
};

/** Every page but home loads on demand; the player (hls.js) and the admin panel (tus) stay out of the first download. */
export const router = createBrowserRouter([
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
          {
            element: <RequireAuth />,
            children: [
              { path: 'movies', lazy: catalog.movies },
              { path: 'watch/:id', lazy: catalog.watch },
              { path: 'series/:id', lazy: catalog.series },
              { path: 'series/:id/season/:n/episode/:m', element: <OldEpisodeUrl /> },
              { path: 'episode/:seriesId/:season/:episode', lazy: catalog.episode },
              { path: 'translators', lazy: catalog.translators },
              { path: 'translators/:slug', lazy: catalog.translator },
              { path: 'watchlist', lazy: catalog.watchlist },
              { path: 'player/:id', lazy: () => import('./routes/player-route').then((m) => ({ Component: m.default })) },
              { path: 'subscribe', lazy: () => import('./routes/subscribe-route').then((m) => ({ Component: m.default })) },
              {
                element: <RequireAdmin />,
                children: [{ path: 'super-panel-2025', lazy: () => import('./routes/admin-route').then((m) => ({ Component: m.default })) }],
              },
            ],
          },
          { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.default })) },
        ],
      },
    ],
  },
]);
