import { createContext, useContext } from 'react';
import { Navigate, resolvePath, useLocation, type NavigateProps } from 'react-router';

/**
 * Set by the server-side renderer (entry-server.tsx): called with where a page sends the visitor, as a path with
 * query and hash resolved against the page's own URL, and whether the move carries router state.
 */
export const ServerRedirectContext = createContext<((location: string, withState: boolean) => void) | null>(null);

/**
 * React Router's `<Navigate>`, also on a page drawn on the server: there it draws nothing and tells the renderer
 * where the page goes, and the server answers with an HTTP redirect (or, when the move carries state such as the
 * page to come back to after signing in, with the app shell, which the browser redirects with that state).
 * Props and behaviour in the browser: exactly `<Navigate>`'s.
 */
export function Redirect(props: NavigateProps) {
  const record = useContext(ServerRedirectContext);
  const location = useLocation();
  if (!record) return <Navigate {...props} />;
  const to = resolvePath(props.to, location.pathname);
  record(`${to.pathname}${to.search}${to.hash}`, props.state !== undefined);
  return null;
}
