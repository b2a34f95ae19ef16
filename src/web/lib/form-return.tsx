import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';

/**
 * What a form post answered by the server left in the URL of the form's page (docs/decisions/024-forms-before-
 * hydration.md; server side: src/server/plugins/form-posts.ts backUrl): `error` (an error code of the JSON error
 * body), `retry` (seconds to wait, for `rate_limited`), `invalid` (comma-separated field names) and the fields the
 * viewer typed, never a password. `code` is null when the URL names no error, or something that is no error code.
 */
export function useFormReturn() {
  const [search] = useSearchParams();
  const raw = search.get('error');
  const retry = Number(search.get('retry'));
  return {
    code: raw && /^[a-z_]{1,40}$/.test(raw) ? raw : null,
    retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? Math.ceil(retry) : undefined,
    invalid: new Set((search.get('invalid') ?? '').split(',').filter(Boolean)),
    value: (name: string) => search.get(name) ?? '',
    search,
  };
}

/** The translated text of an error code from the URL: `errors.<code>` with the wait, else `errors.unknown`. */
export function returnedErrorText(t: TFunction, code: string, retryAfterSeconds?: number): string {
  return t(`errors.${code}`, { retryAfterSeconds, defaultValue: t('errors.unknown') });
}

const noSubscribe = () => () => {};

/**
 * False while the page is drawn on the server and while React hydrates it, true once the app runs in the browser
 * (React re-renders with the browser's value right after hydrating).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscribe, () => true, () => false);
}

/**
 * A submit button's text. In the running app: `working` while `busy`, else `idle`. In a drawn page (before the app
 * has loaded) both, of which the CSS shows `working` once the browser has marked the form `aria-busy` (the form
 * needs the `group/form` class; the mark comes from ssr.ts FORM_BUSY_SCRIPT).
 */
export function BusyLabel({ busy, idle, working }: { busy: boolean; idle: ReactNode; working: ReactNode }) {
  const hydrated = useHydrated();
  if (hydrated) return <>{busy ? working : idle}</>;
  return (
    <>
      <span className="group-aria-busy/form:hidden">{idle}</span>
      <span className="hidden group-aria-busy/form:inline">{working}</span>
    </>
  );
}

/** Classes of a submit button that looks busy (and takes no second tap) while its form is `aria-busy`. */
export const BUSY_BUTTON = 'group-aria-busy/form:pointer-events-none group-aria-busy/form:opacity-70';

/** A notice above a form: an error (`role="alert"`) or a confirmation (`role="status"`). */
export function FormNotice({ kind, title, children }: { kind: 'error' | 'success'; title: string; children?: ReactNode }) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={kind === 'error' ? 'rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm' : 'rounded-md border border-primary/40 bg-primary/10 p-3 text-sm'}
    >
      <p className="font-medium">{title}</p>
      {children ? <p className="text-muted-foreground">{children}</p> : null}
    </div>
  );
}
