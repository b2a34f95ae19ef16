import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme';

/** The providers around every page, in the browser and in the server-side renderer (entry-server.tsx). */
export function AppProviders({ i18n, queryClient, children }: { i18n: I18n; queryClient: QueryClient; children: ReactNode }) {
  const [theme] = useTheme();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster richColors closeButton theme={theme} position="top-center" />
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/**
 * The web app in the browser. `onReady` runs once, after the first render is on screen (for a page drawn on the
 * server: after hydration); it marks `<html data-ready>`, which the end-to-end scenarios wait for.
 */
export function App({ router, i18n, queryClient, onReady }: { router: ReturnType<typeof createBrowserRouter>; i18n: I18n; queryClient: QueryClient; onReady?: () => void }) {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
    onReady?.();
    // Once, on mount: a new onReady later must not run again.
  }, []);
  return (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
