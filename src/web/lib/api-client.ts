import type { ErrorBody } from '../../shared/contracts/errors';

/**
 * The one way the web client talks to the server: same origin, the session cookie goes along,
 * JSON in and out. Every non-2xx answer becomes an ApiError carrying the server's `{ error: { code, message, details } }`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const err = (value as { error: unknown }).error;
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string';
}

/** How a request reaches the server: `fetch` in the browser; the server-side renderer routes it in-process. */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;

/** The browser's way: `fetch` as it is when the request is made (tests stub the global). */
export const fetchTransport: Transport = (path, init) => fetch(path, init);

let transport: Transport = fetchTransport;

/**
 * Replaces how requests reach the server. Only the server-side renderer (src/web/entry-server.tsx) calls it, so
 * that a page drawn on the server asks the API with the visitor's own cookies, without a network round trip.
 * The renderer's transport hands a request made outside a page render to `fetchTransport`, so code sharing the
 * process with the renderer (unit tests share one module cache per worker) still reaches `fetch`.
 */
export function setTransport(next: Transport): void {
  transport = next;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Fastify refuses an empty body declared as JSON, so the header goes only with a body.
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const res = await transport(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });

  return readApiResponse<T>(res);
}

/**
 * An API answer as the app uses it: the JSON body, undefined for 204, or the ApiError of an error body
 * (`{ error: { code, message, details } }`, the shape of every refusal the server sends). Exported for answers the
 * app did not fetch itself (the first-frame boot's playback answer, docs/decisions/030-first-frame-before-the-app.md).
 * @throws ApiError for a status outside 2xx
 */
export async function readApiResponse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    if (isErrorBody(data)) throw new ApiError(res.status, data.error.code, data.error.message, data.error.details);
    throw new ApiError(res.status, res.status >= 500 ? 'internal' : 'http_error', res.statusText || `HTTP ${res.status}`);
  }
  return data as T;
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** Field problems of a `validation_failed` error, keyed by the field name without its `body.` prefix. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error, 'validation_failed')) return {};
  const fields = (error.details as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(fields)) return {};
  const out: Record<string, string> = {};
  for (const f of fields) {
    if (typeof f?.field !== 'string' || typeof f?.message !== 'string') continue;
    const name = f.field.replace(/^(body|query|params)\./, '');
    out[name] ??= f.message;
  }
  return out;
}

/** The thing asked for does not exist: 404, or an id so malformed the server refused it (400 on the params). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error, 'not_found') || isApiError(error, 'validation_failed');
}
