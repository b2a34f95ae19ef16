/**
 * The payouts module (docs/decisions/038-modules-declare-themselves.md, docs/decisions/052-payout-run.md): the
 * disbursement clients the configuration asks for (ADR 048, `disbursementProviders`: the sandbox by default), the
 * payout run over the closed statements (`payouts`) and its super-admin routes.
 */
import { createDisbursementProviders } from '../../providers/disbursement/disbursement-operators.js';
import { provide, type ServerModule } from '../module-kit.js';
import { createPayablesSource } from './payables.repository.js';
import { createPayoutsRepository } from './payouts.repository.js';
import { payoutsRoutes } from './payouts.routes.js';
import { createPayoutsService } from './payouts.service.js';

export const payoutsModule: ServerModule = {
  name: 'payouts',
  services: [
    provide({ provides: ['disbursementProviders'], needs: [], build: ({ config }) => ({ disbursementProviders: createDisbursementProviders(config.disbursements) }) }),
    provide({
      provides: ['payouts'],
      needs: ['disbursementProviders'],
      build: ({ config, db, log }, deps) => ({
        payouts: createPayoutsService({
          repo: createPayoutsRepository(db.db),
          payables: createPayablesSource(db.db),
          providers: deps.disbursementProviders,
          rules: { minimums: config.payouts.minimums, pollSeconds: config.payouts.pollSeconds },
          log,
        }),
      }),
    }),
  ],
  async routes({ app, services }) {
    await app.register(payoutsRoutes({ payouts: services.payouts }));
  },
};
