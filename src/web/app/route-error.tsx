import { lazy, Suspense } from 'react';
import { englishLoaded } from '../lib/i18n';

const Screen = lazy(() => Promise.all([import('./route-error-screen'), englishLoaded().catch(() => {})]).then(([m]) => m));

/**
 * The error boundary's fallback screen around every route ("Something went wrong", Try Again, Go Home; docs/product/viewer.md §8), loaded only when an error happens (route-error-screen.tsx), so it costs the first paint nothing.
 */
export function RouteError() {
  return (
    <Suspense fallback={null}>
      <Screen />
    </Suspense>
  );
}
