import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { hydrateServerState, readServerState, serializeServerState, STATE_ELEMENT_ID } from './server-state';

/** A document holding `text` in the state script (or none). */
const docWith = (text: string | null) => ({ getElementById: (id: string) => (id === STATE_ELEMENT_ID && text !== null ? { textContent: text } : null) }) as unknown as Document;

describe('the state a drawn page hands to the browser', () => {
  it('carries answers and failures across, failures as ApiErrors again', async () => {
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await server.prefetchQuery({ queryKey: ['catalog', 'home'], queryFn: async () => ({ title: 'Intare </script><b>' }) });
    await server.prefetchQuery({ queryKey: ['movie', 'x'], queryFn: async () => Promise.reject(new ApiError(404, 'not_found', 'Movie not found', { id: 'x' })) });
    await server.prefetchQuery({ queryKey: ['accounts', 'me'], queryFn: async () => Promise.reject(new TypeError('socket hang up')) });
    const text = serializeServerState('rw', server);
    expect(text).not.toContain('</script');

    const state = readServerState(docWith(text));
    expect(state?.lang).toBe('rw');
    const browser = new QueryClient();
    hydrateServerState(browser, state!);
    expect(browser.getQueryData(['catalog', 'home'])).toEqual({ title: 'Intare </script><b>' });
    const missing = browser.getQueryState(['movie', 'x']);
    expect(missing?.status).toBe('error');
    expect(missing?.error).toBeInstanceOf(ApiError);
    expect(missing?.error).toMatchObject({ status: 404, code: 'not_found', message: 'Movie not found', details: { id: 'x' } });
    // What the server knows of other failures stays on the server.
    expect(browser.getQueryState(['accounts', 'me'])?.error).toMatchObject({ status: 500, code: 'internal', message: 'Internal error' });
  });

  it('reads no state from a page drawn in the browser, or from state it cannot read', () => {
    expect(readServerState(docWith(null))).toBeNull();
    expect(readServerState(docWith(''))).toBeNull();
    expect(readServerState(docWith('{not json'))).toBeNull();
    expect(readServerState(docWith('{"lang":"en"}'))).toBeNull();
  });
});
