/**
 * A route serializer that turns each response object into JSON once (ADR 007: fast lists). Catalogue answers
 * come from the read cache (read-cache.ts) as the same object until a change clears it; the zod serializer
 * (fastify-type-provider-zod: validate against the response schema, then JSON.stringify) runs on the first send
 * of an object and its text is reused for later sends, remembered in a WeakMap that forgets evicted objects.
 * Cached objects are never mutated. Used as the `serializerCompiler` of the catalogue's cached GET routes.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';

/** The route serializer compiler: fastify-type-provider-zod's, memoized per response object. */
export const serializeOnce: FastifySerializerCompiler<unknown> = (route) => {
  const inner = (serializerCompiler as FastifySerializerCompiler<unknown>)(route);
  const memo = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null) return inner(data);
    let json = memo.get(data);
    if (json === undefined) {
      json = inner(data);
      memo.set(data, json);
    }
    return json;
  };
};
