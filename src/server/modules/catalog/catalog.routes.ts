/**
 * Catalogue routes. Reading is open to anonymous callers (the web app puts its pages behind sign-in, docs/product/viewer.md §2); creating movies is for admins.
 *   GET /api/home, GET /api/catalog, GET /api/movies/:id (movieFull), GET /api/translators, GET /api/translators/:slug
 *   (ADR 007; src/shared/contracts/browse.ts)
 *   GET /api/movies, GET/POST /api/admin/movies, GET /api/admin/movies/:id (the first version; contracts/catalog.ts)
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogPageResponse, catalogQuery, homeResponse, movieFullResponse, translatorListResponse, translatorResponse } from '../../../shared/contracts/browse.js';
import { adminMovieListResponse, adminMovieResponse, createMovieRouteBody, idParams, movieListResponse } from '../../../shared/contracts/catalog.js';
import type { BrowseService } from './browse.service.js';
import type { CatalogService } from './catalog.service.js';
import type { RightsService } from '../rights/rights.service.js';
import { audienceOf } from './audience.js';
import { compressOnce } from './compress-once.js';
import { serializeOnce } from './serialize-once.js';

const slugParams = z.object({ slug: z.string().trim().min(1).max(120) });

/** The catalogue routes above, as a Fastify plugin. */
/** `rights`: the admin read's licence state and the create route's rights (ADR 050); absent in processes without it. */
export function catalogRoutes(deps: { catalog: CatalogService; browse: BrowseService; rights?: Pick<RightsService, 'statusOfTitle' | 'createWithRights'> }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const open = { access: 'anonymous' } as const;
    // Answers from the read cache are serialized and compressed once (serialize-once.ts, compress-once.ts).
    const cached = { config: open, serializerCompiler: serializeOnce, onSend: compressOnce };
    // Viewers get only what they can play, admins everything with its state (audience.ts, ADR 023).
    r.get('/api/home', { ...cached, schema: { response: { 200: homeResponse } } }, async (req) => deps.browse.home(await audienceOf(req)));
    r.get('/api/catalog', { ...cached, schema: { querystring: catalogQuery, response: { 200: catalogPageResponse } } }, async (req) => deps.browse.page(req.query, await audienceOf(req)));
    r.get('/api/movies/:id', { ...cached, schema: { params: idParams, response: { 200: movieFullResponse } } }, async (req) => deps.browse.movie(req.params.id, await audienceOf(req)));
    r.get('/api/translators', { config: open, schema: { response: { 200: translatorListResponse } } }, () => deps.browse.translators());
    r.get('/api/translators/:slug', { config: open, schema: { params: slugParams, response: { 200: translatorResponse } } }, async (req) => deps.browse.translator(req.params.slug, await audienceOf(req)));

    r.get('/api/movies', { config: open, schema: { response: { 200: movieListResponse } } }, async (req) => {
      const items = await deps.catalog.list();
      return { items: (await audienceOf(req)) === 'admin' ? items : items.filter((m) => m.videoStatus === 'ready') };
    });
    r.get('/api/admin/movies', { config: { access: 'admin' }, schema: { response: { 200: adminMovieListResponse } } }, async () => ({ items: await deps.catalog.adminList() }));
    r.get('/api/admin/movies/:id', { config: { access: 'admin' }, schema: { params: idParams, response: { 200: adminMovieResponse } } }, async (req) => ({
      movie: { ...(await deps.catalog.adminGet(req.params.id)), licence: (await deps.rights?.statusOfTitle({ movieId: req.params.id, seriesId: null })) ?? null },
    }));
    r.post('/api/admin/movies', { config: { access: 'admin' }, schema: { body: createMovieRouteBody, response: { 201: adminMovieResponse } } }, async (req, reply) => {
      const { rights, ...body } = req.body;
      const create = () => deps.catalog.create(body);
      return reply.status(201).send({ movie: await (deps.rights ? deps.rights.createWithRights(rights, null, create) : create()) });
    });
  };
}
