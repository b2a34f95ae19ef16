import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useMe } from '../features/accounts/api/get-me';
import { englishLoaded } from '../lib/i18n';
import { SignedInContext } from '../lib/sign-in';
import { Header } from './header';

/** Below the fold: the footer and the update prompt come in their own chunks after the first paint (ADR 012). */
const Footer = lazy(() => Promise.all([import('./footer'), englishLoaded()]).then(([m]) => ({ default: m.Footer })));
/** Applies the language kept in a signed-in viewer's profile (language-sync.ts). */
const LanguageSync = lazy(() =>
  import('./language-sync').then((m) => ({
    default: function LanguageSync() {
      m.useLanguageSync();
      return null;
    },
  })),
);
const UpdatePrompt = lazy(() => Promise.all([import('./update-prompt'), englishLoaded()]).then(([m]) => ({ default: m.UpdatePrompt })));

/** Live catalogue updates (server-sent events) start after the first paint, from their own chunk. */
const LiveCatalog = lazy(() =>
  import('./live-catalog').then((m) => ({
    default: function LiveCatalog() {
      m.useLiveCatalog();
      return null;
    },
  })),
);

/** The page frame; it tells the features whether the viewer is signed in (lib/sign-in.tsx, ADR 054). */
export function Layout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const me = useMe();
  return (
    <SignedInContext.Provider value={me.data ? !!me.data.user : null}>
      <div className="flex min-h-dvh flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2">
          {t('nav.skipToContent')}
        </a>
        <Header />
        {navigation.state === 'loading' && <div className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary" aria-hidden="true" />}
        {/* At least the rest of the screen (the header is h-14 plus its 1px border): the footer starts below the fold,
            so content that arrives later never pushes a visible footer down (no layout shift, ADR 012). */}
        <main id="main" className="min-h-[calc(100dvh-3.5rem-1px)] flex-1">
          <Outlet />
        </main>
        <Suspense fallback={<div className="min-h-72 border-t" />}>
          <Footer />
        </Suspense>
        <ScrollRestoration />
        <Suspense fallback={null}>
          <LiveCatalog />
          <UpdatePrompt />
          <LanguageSync />
        </Suspense>
      </div>
    </SignedInContext.Provider>
  );
}
