/**
 * The admin panel's HTTP routes (ADR 010). The list of routes, bodies, answers and error codes is in
 * src/shared/contracts/admin.ts. Every route here is `access: 'admin'`, except the role change
 * (`super_admin`) and the public image files (`anonymous`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEpisodeListResponse,
  adminEpisodeResponse,
  adminGroupListResponse,
  adminGroupResponse,
  adminMovieFormResponse,
  adminSeasonListResponse,
  adminSeasonResponse,
  adminSeriesListResponse,
  adminSeriesResponse,
  adminUserResponse,
  analyticsCounts,
  analyticsExportQuery,
  analyticsQuery,
  analyticsReport,
  deletedResponse,
  episodeBody,
  episodeUpdateBody,
  adminFilmPartListResponse,
  adminFilmPartResponse,
  filmPartBody,
  filmPartParams,
  grantPassBody,
  groupCreateBody,
  groupMovieBody,
  groupMovieParams,
  groupUpdateBody,
  imageResponse,
  MAX_IMAGE_BYTES,
  movieFormBody,
  movieUpdateBody,
  roleHistoryResponse,
  seasonBody,
  seriesBody,
  seriesUpdateBody,
  setRoleBody,
  userListQuery,
  userListResponse,
  verifyVideoBody,
  verifyVideoResponse,
  videoListQuery,
  videoListResponse,
  videoValidateBody,
  videoValidateResponse,
} from '../../../shared/contracts/admin.js';
import { adminMovieResponse, idParams } from '../../../shared/contracts/catalog.js';
import { AppError } from '../../lib/app-error.js';
import type { AnalyticsService } from './analytics.service.js';
import type { ContentService } from './content.service.js';
import type { FilmPartsService } from './film-parts.service.js';
import { imageTooLarge, type ImagesService } from './images.service.js';
import type { MediaDelivery } from '../playback/media-delivery.js';
import type { PeopleService } from './people.service.js';
import type { RightsService } from '../rights/rights.service.js';

const userIdParams = z.object({ id: z.string().trim().min(1).max(100) });

/** `rights`: the create routes' rights and the series read's licence (ADR 050). */
export function adminRoutes(deps: {
  content: ContentService;
  filmParts: FilmPartsService;
  images: ImagesService;
  people: PeopleService;
  analytics: AnalyticsService;
  delivery: MediaDelivery;
  rights: Pick<RightsService, 'statusOfTitle' | 'createWithRights'>;
}) {
  const { content, people, analytics } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const admin = { access: 'admin' } as const;

    // Movies
    // Rights are checked before the title is made, and replace its default record after (ADR 050).
    r.post('/api/admin/movies/form', { config: admin, schema: { body: movieFormBody, response: { 201: adminMovieFormResponse } } }, async (req, reply) => {
      const { rights, ...body } = req.body;
      return reply.status(201).send({ movie: await deps.rights.createWithRights(rights, body.translatorId, () => content.createMovie(body)) });
    });
    r.patch('/api/admin/movies/:id', { config: admin, schema: { params: idParams, body: movieUpdateBody, response: { 200: adminMovieResponse } } }, async (req) => ({
      movie: await content.updateMovie(req.params.id, req.body),
    }));
    r.delete('/api/admin/movies/:id', { config: admin, schema: { params: idParams, response: { 200: deletedResponse } } }, (req) => content.deleteMovie(req.params.id));

    // A film's own parts (ADR 023)
    r.get('/api/admin/movies/:id/parts', { config: admin, schema: { params: idParams, response: { 200: adminFilmPartListResponse } } }, async (req) => ({ items: await deps.filmParts.list(req.params.id) }));
    r.post('/api/admin/movies/:id/parts', { config: admin, schema: { params: idParams, body: filmPartBody, response: { 201: adminFilmPartResponse } } }, async (req, reply) =>
      reply.status(201).send({ part: await deps.filmParts.attach(req.params.id, req.body) }),
    );
    r.delete('/api/admin/movies/:id/parts/:partId', { config: admin, schema: { params: filmPartParams, response: { 200: deletedResponse } } }, (req) => deps.filmParts.detach(req.params.id, req.params.partId));

    // Video library
    r.get('/api/admin/videos', { config: admin, schema: { querystring: videoListQuery, response: { 200: videoListResponse } } }, (req) =>
      content.listVideos({ ...req.query, unattached: req.query.unattached === 'true' }),
    );
    r.post('/api/admin/videos/verify', { config: admin, schema: { body: verifyVideoBody, response: { 200: verifyVideoResponse } } }, (req) => content.verifyVideo(req.body.videoId));
    r.post('/api/admin/videos/validate', { config: admin, schema: { body: videoValidateBody, response: { 200: videoValidateResponse } } }, async (req) => content.validateVideo(req.body));

    // Series, seasons, episodes
    r.get('/api/admin/series', { config: admin, schema: { response: { 200: adminSeriesListResponse } } }, async () => ({ items: await content.listSeries() }));
    r.post('/api/admin/series', { config: admin, schema: { body: seriesBody, response: { 201: adminSeriesResponse } } }, async (req, reply) => {
      const { rights, ...body } = req.body;
      return reply.status(201).send({ series: await deps.rights.createWithRights(rights, body.translatorId, () => content.createSeries(body)) });
    });
    r.get('/api/admin/series/:id', { config: admin, schema: { params: idParams, response: { 200: adminSeriesResponse } } }, async (req) => ({
      series: { ...(await content.oneSeries(req.params.id)), licence: await deps.rights.statusOfTitle({ movieId: null, seriesId: req.params.id }) },
    }));
    r.patch('/api/admin/series/:id', { config: admin, schema: { params: idParams, body: seriesUpdateBody, response: { 200: adminSeriesResponse } } }, async (req) => ({
      series: await content.updateSeries(req.params.id, req.body),
    }));
    r.delete('/api/admin/series/:id', { config: admin, schema: { params: idParams, response: { 200: deletedResponse } } }, (req) => content.deleteSeries(req.params.id));
    r.get('/api/admin/series/:id/seasons', { config: admin, schema: { params: idParams, response: { 200: adminSeasonListResponse } } }, async (req) => ({
      items: await content.listSeasons(req.params.id),
    }));
    r.post('/api/admin/series/:id/seasons', { config: admin, schema: { params: idParams, body: seasonBody, response: { 201: adminSeasonResponse } } }, async (req, reply) =>
      reply.status(201).send({ season: await content.addSeason(req.params.id, req.body.seasonNumber) }),
    );
    r.delete('/api/admin/seasons/:id', { config: admin, schema: { params: idParams, response: { 200: deletedResponse } } }, (req) => content.deleteSeason(req.params.id));
    r.get('/api/admin/seasons/:id/episodes', { config: admin, schema: { params: idParams, response: { 200: adminEpisodeListResponse } } }, async (req) => ({
      items: await content.listEpisodes(req.params.id),
    }));
    r.post('/api/admin/seasons/:id/episodes', { config: admin, schema: { params: idParams, body: episodeBody, response: { 201: adminEpisodeResponse } } }, async (req, reply) =>
      reply.status(201).send({ episode: await content.addEpisode(req.params.id, req.body) }),
    );
    r.patch('/api/admin/episodes/:id', { config: admin, schema: { params: idParams, body: episodeUpdateBody, response: { 200: adminEpisodeResponse } } }, async (req) => ({
      episode: await content.updateEpisode(req.params.id, req.body),
    }));
    r.delete('/api/admin/episodes/:id', { config: admin, schema: { params: idParams, response: { 200: deletedResponse } } }, (req) => content.deleteEpisode(req.params.id));

    // Custom groups
    r.get('/api/admin/groups', { config: admin, schema: { response: { 200: adminGroupListResponse } } }, async () => ({ items: await content.listGroups() }));
    r.get('/api/admin/groups/:id', { config: admin, schema: { params: idParams, response: { 200: adminGroupResponse } } }, async (req) => ({ group: await content.oneGroup(req.params.id) }));
    r.post('/api/admin/groups', { config: admin, schema: { body: groupCreateBody, response: { 201: adminGroupResponse } } }, async (req, reply) =>
      reply.status(201).send({ group: await content.createGroup(req.body, (await req.requireUser()).id) }),
    );
    r.patch('/api/admin/groups/:id', { config: admin, schema: { params: idParams, body: groupUpdateBody, response: { 200: adminGroupResponse } } }, async (req) => ({
      group: await content.updateGroup(req.params.id, req.body),
    }));
    r.post('/api/admin/groups/:id/movies', { config: admin, schema: { params: idParams, body: groupMovieBody, response: { 200: adminGroupResponse } } }, async (req) => ({
      group: await content.addGroupMovie(req.params.id, req.body.movieId),
    }));
    r.delete('/api/admin/groups/:id/movies/:movieId', { config: admin, schema: { params: groupMovieParams, response: { 200: adminGroupResponse } } }, async (req) => ({
      group: await content.removeGroupMovie(req.params.id, req.params.movieId),
    }));
    r.delete('/api/admin/groups/:id', { config: admin, schema: { params: idParams, response: { 200: deletedResponse } } }, (req) => content.deleteGroup(req.params.id));

    // People
    r.get('/api/admin/users', { config: admin, schema: { querystring: userListQuery, response: { 200: userListResponse } } }, (req) => people.list(req.query));
    r.get('/api/admin/users/:id/roles', { config: admin, schema: { params: userIdParams, response: { 200: roleHistoryResponse } } }, (req) => people.roles(req.params.id));
    r.put('/api/admin/users/:id/role', { config: { access: 'super_admin' }, schema: { params: userIdParams, body: setRoleBody, response: { 200: adminUserResponse } } }, async (req) => ({
      user: await people.setRole(await req.requireUser(), req.params.id, req.body),
    }));
    r.post('/api/admin/users/:id/passes', { config: admin, schema: { params: userIdParams, body: grantPassBody, response: { 201: adminUserResponse } } }, async (req, reply) =>
      reply.status(201).send({ user: await people.grantPass(await req.requireUser(), req.params.id, req.body) }),
    );

    // Analytics
    r.get('/api/admin/analytics/counts', { config: admin, schema: { response: { 200: analyticsCounts } } }, () => analytics.counts());
    r.get('/api/admin/analytics', { config: admin, schema: { querystring: analyticsQuery, response: { 200: analyticsReport } } }, (req) => analytics.report(req.query));
    r.get('/api/admin/analytics/export.csv', { config: admin, schema: { querystring: analyticsExportQuery } }, async (req, reply) => {
      const { fileName, body } = await analytics.csv(req.query);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(body);
    });

    // Images: raw bytes in, decoded and checked by content (images.service.ts).
    await app.register(async (img) => {
      img.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES - 1 }, (_req, body, done) => done(null, body));
      img.setErrorHandler((err: { statusCode?: number }) => {
        if (err.statusCode === 413) throw imageTooLarge();
        throw err;
      });
      img.withTypeProvider<ZodTypeProvider>().post('/api/admin/images', { config: admin, bodyLimit: MAX_IMAGE_BYTES - 1, schema: { response: { 201: imageResponse } } }, async (req, reply) => {
        if (!Buffer.isBuffer(req.body)) throw new AppError(415, 'image_rejected', 'Please select only image files (JPEG, PNG, GIF, WebP)');
        return reply.status(201).send({ image: await deps.images.store(req.body) });
      });
    });
    r.get('/media/images/:id/:file', { config: { access: 'anonymous' }, schema: { params: z.object({ id: z.uuid(), file: z.string().regex(/^\d{1,5}\.webp$/) }) } }, async (req, reply) => {
      const key = deps.images.keyOf(req.params.id, req.params.file);
      if (!key) throw new AppError(404, 'not_found', 'Image not found');
      return deps.delivery.send(req, reply, key, { contentType: 'image/webp', cacheControl: 'public, max-age=3600' });
    });
  };
}
