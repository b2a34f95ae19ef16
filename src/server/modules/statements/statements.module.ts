/**
 * The statements module (docs/decisions/038-modules-declare-themselves.md; docs/decisions/051-statements.md): monthly
 * statements of rights holders from payments, the minutes-watched ledger and title rights, with the platform share and
 * fee rates of `config.statements`.
 */
import { provide, type ServerModule } from '../module-kit.js';
import { createStatementsRepository } from './statements.repository.js';
import { statementsRoutes } from './statements.routes.js';
import { createStatementsService } from './statements.service.js';

export const statementsModule: ServerModule = {
  name: 'statements',
  services: [provide({ provides: ['statements'], needs: [], build: ({ config, db }) => ({ statements: createStatementsService({ repo: createStatementsRepository(db.db), config: config.statements }) }) })],
  async routes({ app, services }) {
    await app.register(statementsRoutes({ statements: services.statements, minutes: services.minutes }));
  },
};
