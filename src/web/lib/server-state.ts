import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { STATE_ELEMENT_ID } from '../../shared/contracts/page-render';
import { ApiError } from './api-client';

/**
 * What a page drawn on the server hands to the browser (docs/decisions/014-server-rendering.md): the language it
 * was drawn in and the API answers it was drawn from, so the browser's first render (hydration) is the same.
 * It travels in `<script id="sobanura-state" type="application/json">`, which is data, never run.
 */
export interface ServerState {
  /** The interface language of the drawn page (en, fr or rw). */
  lang: string;
  /** TanStack Query's dehydrated cache; errors are plain `{ status, code, message, details }` (see reviveErrors). */
  queries: DehydratedState;
}

export { STATE_ELEMENT_ID };

interface PlainApiError {
  __apiError: { status: number; code: string; message: string; details?: unknown };
}

function isPlainApiError(e: unknown): e is PlainApiError {
  return typeof e === 'object' && e !== null && '__apiError' in e;
}

/**
 * The answers in `client` as JSON text safe inside a `<script>` element: successful and failed queries (a failed
 * one, e.g. a film that does not exist, draws its error screen on both sides), never a pending one. An ApiError
 * keeps its status, code, message and details; any other error becomes a 500 `internal` (its text stays on the server).
 */
export function serializeServerState(lang: string, client: QueryClient): string {
  const queries = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error' });
  for (const q of queries.queries) {
    const err: unknown = q.state.error;
    if (err == null) continue;
    const plain: PlainApiError = {
      __apiError: err instanceof ApiError ? { status: err.status, code: err.code, message: err.message, details: err.details } : { status: 500, code: 'internal', message: 'Internal error' },
    };
    (q.state as { error: unknown }).error = plain;
    (q.state as { fetchFailureReason: unknown }).fetchFailureReason = plain;
  }
  const state: ServerState = { lang, queries };
  // `<` as \u003c: the text can never close the script element, whatever a title or description holds.
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** The state the server wrote into the page, or null for a page drawn in the browser only (or unreadable state). */
export function readServerState(doc: Document = document): ServerState | null {
  const el = doc.getElementById(STATE_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    const state = JSON.parse(el.textContent) as ServerState;
    if (typeof state?.lang !== 'string' || !Array.isArray(state.queries?.queries)) return null;
    return state;
  } catch {
    return null;
  }
}

/** Puts the server's answers into `client`, with ApiError instances back in place of their plain copies. */
export function hydrateServerState(client: QueryClient, state: ServerState): void {
  for (const q of state.queries.queries) {
    const s = q.state as unknown as Record<string, unknown>;
    for (const key of ['error', 'fetchFailureReason'] as const) {
      const e = s[key];
      if (isPlainApiError(e)) s[key] = new ApiError(e.__apiError.status, e.__apiError.code, e.__apiError.message, e.__apiError.details);
    }
  }
  hydrate(client, state.queries);
}
