/**
 * Who a catalogue answer is drawn for (docs/decisions/023-playable-titles-and-film-parts.md): 'admin' for a signed-in
 * admin or super_admin, who also see titles viewers cannot play yet; 'viewer' for everyone else, signed out included
 * (so the pages shared between signed-out visitors, plugins/page-cache.ts, are always viewers' pages).
 */
import type { FastifyRequest } from 'fastify';
import type { Audience } from '../../../shared/domain/catalog-list.js';

export async function audienceOf(req: FastifyRequest): Promise<Audience> {
  const user = await req.currentUser();
  return user && (user.role === 'admin' || user.role === 'super_admin') ? 'admin' : 'viewer';
}
