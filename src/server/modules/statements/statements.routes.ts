/**
 * Statements of rights holders (contract src/shared/contracts/statements.ts; docs/decisions/051-statements.md): every
 * admin reads a month (preview or closed), a holder's printable page and the CSV exports; only a super admin closes a
 * month. Never cached.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statementHolderParams, statementHoldersCsvQuery, statementMonthParams, statementsReport } from '../../../shared/contracts/statements.js';
import { titleAnalyticsQuery, titleAnalytics as titleAnalyticsResponse } from '../../../shared/contracts/title-analytics.js';
import type { ViewingService } from '../viewing/viewing.service.js';
import type { StatementsService } from './statements.service.js';
import { titleAnalytics } from './title-analytics.js';

const noStore = { 'cache-control': 'no-store' };
const csvHeaders = (file: string) => ({ ...noStore, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${file}"` });

export function statementsRoutes(deps: { statements: StatementsService; minutes: Pick<ViewingService, 'minutesByTitle'> }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const admin = { access: 'admin' as const };

    r.get('/api/admin/statements/:month', { config: admin, schema: { params: statementMonthParams, response: { 200: statementsReport } } }, async (req, reply) =>
      reply.headers(noStore).send(await deps.statements.statements(req.params.month)),
    );

    // Analytics per title, translator and currency (contract title-analytics.ts): the month's statements and ledger totals.
    r.get('/api/admin/analytics/titles', { config: admin, schema: { querystring: titleAnalyticsQuery, response: { 200: titleAnalyticsResponse } } }, async (req, reply) => {
      const { month } = req.query;
      const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
      const [report, minutes] = await Promise.all([deps.statements.statements(month), deps.minutes.minutesByTitle(`${month}-01`, last)]);
      return reply.headers(noStore).send(titleAnalytics(report, minutes));
    });

    r.post('/api/admin/statements/:month/close', { config: { access: 'super_admin' }, schema: { params: statementMonthParams, response: { 200: statementsReport } } }, async (req, reply) => {
      const user = await req.requireUser();
      return reply.headers(noStore).send(await deps.statements.close(req.params.month, user.id));
    });

    r.get('/api/admin/statements/:month/holders/:holderId/page', { config: admin, schema: { params: statementHolderParams } }, async (req, reply) =>
      reply.headers({ ...noStore, 'content-type': 'text/html; charset=utf-8' }).send(await deps.statements.holderPage(req.params.month, req.params.holderId)),
    );

    r.get('/api/admin/statements/:month/holders.csv', { config: admin, schema: { params: statementMonthParams, querystring: statementHoldersCsvQuery } }, async (req, reply) =>
      reply.headers(csvHeaders(`statements-${req.params.month}-holders.csv`)).send(await deps.statements.holdersCsv(req.params.month, req.query.holder)),
    );

    r.get('/api/admin/statements/:month/titles.csv', { config: admin, schema: { params: statementMonthParams } }, async (req, reply) =>
      reply.headers(csvHeaders(`statements-${req.params.month}-titles.csv`)).send(await deps.statements.titlesCsv(req.params.month)),
    );
  };
}
