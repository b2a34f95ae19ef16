/**
 * Site settings routes (docs/decisions/022-site-settings-and-prices.md): GET public and cacheable for a minute (the
 * server-side renderer reads it in-process, and the shared page cache is cleared on every change); PUT by a super
 * admin only, the whole document, validated by the contract (400 `validation_failed` naming the field).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteSettings, siteSettingsView } from '../../../shared/contracts/site.js';
import type { SiteService } from './site.service.js';

/** Seconds a browser or proxy may keep GET /api/site-settings. */
export const SITE_SETTINGS_MAX_AGE = 60;

export function siteRoutes(deps: { site: SiteService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/site-settings', { config: { access: 'anonymous' }, schema: { response: { 200: siteSettingsView } } }, async (_req, reply) => {
      reply.header('cache-control', `public, max-age=${SITE_SETTINGS_MAX_AGE}`);
      return deps.site.current();
    });

    r.put('/api/admin/site-settings', {
      config: { access: 'super_admin', rateLimit: { max: 30, timeWindow: '1 minute' } },
      bodyLimit: 64 * 1024,
      schema: { body: siteSettings, response: { 200: siteSettingsView } },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await req.requireUser();
      return deps.site.save(req.body, user.id);
    });
  };
}
