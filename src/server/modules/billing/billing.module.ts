/**
 * The billing module (docs/decisions/038-modules-declare-themselves.md): passes and payments through the mobile-money
 * providers (ADR 008; `billing`), card checkouts (ADR 044; `cardPayments`), card refunds (ADR 045; `refunds`) and
 * the admin Payments list (docs/product/admin.md §11; `adminPayments`), at the price in force (site settings, ADR
 * 022), the payment limits (ADR 018), and the jobs that reconcile payments and expire passes, worked by web
 * instances (ADR 016; jobs/billing.jobs.ts). Every method settles through the billing service's read-back
 * (payment-settlement.ts).
 */
import { z } from 'zod';
import { EXPIRE_QUEUE, RECONCILE_QUEUE, registerBillingJobs } from '../../jobs/billing.jobs.js';
import { createPaymentProviders } from '../../providers/payments/payment-router.js';
import { provide, type ServerModule } from '../module-kit.js';
import { createAdminPaymentsService } from './admin-payments.service.js';
import { adminPaymentsRoutes } from './admin-payments.routes.js';
import { createBillingRepository } from './billing.repository.js';
import { billingRoutes } from './billing.routes.js';
import { cardRoutes } from './card.routes.js';
import { createBillingService } from './billing.service.js';
import { createCardPaymentsService } from './card-payments.service.js';
import { createRefundsService } from './refunds.service.js';
import { createPaymentLimits } from './payment-limits.js';

export const billingModule: ServerModule = {
  name: 'billing',
  services: [
    provide({ provides: ['billingRepo'], needs: [], build: ({ db }) => ({ billingRepo: createBillingRepository(db.db) }) }),
    provide({
      provides: ['paymentProviders', 'billing'],
      needs: ['billingRepo', 'site', 'giftDelivery'],
      build: ({ config, db, log }, deps) => {
        const paymentProviders = createPaymentProviders(
          config,
          async (ref) => {
            const { rows } = await db.executeSql('select msisdn, created_at from payments where provider_reference = $1', [ref]);
            const r = rows[0];
            return r ? { msisdn: (r.msisdn as string | null) ?? null, createdAt: new Date(r.created_at as string) } : null;
          },
          log,
        );
        const billing = createBillingService({
          repo: deps.billingRepo,
          providers: paymentProviders,
          log,
          callbackBaseUrl: config.payments.mode === 'live' && config.payments.callbacks ? config.publicUrl : null,
          publicUrl: config.publicUrl,
          approvalSeconds: config.payments.approvalSeconds,
          planPrice: deps.site.planPrice,
          titlePrice: deps.site.titlePrice,
          gifts: deps.giftDelivery.hooks,
        });
        return { paymentProviders, billing };
      },
    }),
    provide({
      provides: ['cardPayments', 'refunds', 'adminPayments'],
      needs: ['billingRepo', 'paymentProviders', 'billing'],
      build: ({ config, log }, deps) => ({
        cardPayments: createCardPaymentsService({ repo: deps.billingRepo, providers: deps.paymentProviders, log, terms: deps.billing.terms, settlement: deps.billing, publicUrl: config.publicUrl }),
        refunds: createRefundsService({ repo: deps.billingRepo, providers: deps.paymentProviders, log }),
        adminPayments: createAdminPaymentsService({ repo: deps.billingRepo }),
      }),
    }),
  ],
  async routes({ app, config, services, counters }) {
    await app.register(cardRoutes({ cardPayments: services.cardPayments, card: services.paymentProviders.card }));
    await app.register(adminPaymentsRoutes({ payments: services.adminPayments, refunds: services.refunds }));
    await app.register(billingRoutes({ billing: services.billing, plans: services.site.plans, titlePrices: services.site.titlePrices, paymentLimits: createPaymentLimits(counters, config.paymentLimits) }));
  },
  jobs: [
    {
      // Each once a minute and once at start; no retries: the next minute's run is the retry.
      queues: [
        { name: RECONCILE_QUEUE, payload: z.object({}), retry: { limit: 0 } },
        { name: EXPIRE_QUEUE, payload: z.object({}), retry: { limit: 0 } },
      ],
      role: 'web',
      needs: ['billing'],
      start: ({ boss, services }) => registerBillingJobs(boss, services.billing),
    },
  ],
};
