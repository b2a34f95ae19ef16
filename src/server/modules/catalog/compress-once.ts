/**
 * Compression done once per cached answer (ADR 007: fast lists on slow networks). The catalogue's cached GET
 * routes send the same JSON text (serialize-once.ts) until a change clears the read cache; this onSend hook,
 * which runs before the app-wide @fastify/compress hook, compresses that text once per encoding (brotli quality
 * 4, as the app-wide setting, else gzip), keeps the bytes for the next requests and marks the answer encoded, so
 * the app-wide hook leaves it alone. Answers under 1 KiB, and callers that accept neither encoding, get the
 * text. At most `MAX_ENTRIES` texts are kept (oldest dropped first).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const MAX_ENTRIES = 2000;
const THRESHOLD_BYTES = 1024;
const kept = new Map<string, { br?: Buffer; gzip?: Buffer }>();

/** The encoding to answer with: brotli if accepted, else gzip, else none (q=0 refuses an encoding). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** onSend hook: answers a 200 JSON text of 1 KiB or more with its kept brotli or gzip bytes (made on first use). */
export async function compressOnce(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || payload.length < THRESHOLD_BYTES || reply.statusCode !== 200) return payload;
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  let entry = kept.get(payload);
  if (!entry) {
    entry = {};
    kept.set(payload, entry);
    if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value!);
  }
  entry[encoding] ??= encoding === 'br' ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(payload);
  reply.header('content-encoding', encoding);
  return entry[encoding];
}
