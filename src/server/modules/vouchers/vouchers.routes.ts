/**
 * Voucher routes (docs/decisions/042-vouchers.md; contracts in src/shared/contracts/vouchers.ts): thin — schema in,
 * one service call, schema out. A signed-in viewer redeems (JSON, or the /redeem page's HTML form post before the app
 * has loaded, ADR 024); the super admin makes, lists and voids batches and downloads a batch's codes as CSV.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/contracts/catalog.js';
import {
  createVoucherBatchBody,
  createVoucherBatchResponse,
  redeemVoucherBody,
  redeemVoucherResponse,
  VOUCHER_LIMITS,
  voucherBatchesQuery,
  voucherBatchesResponse,
  voucherBatchResponse,
} from '../../../shared/contracts/vouchers.js';
import { AppError } from '../../lib/app-error.js';
import { clientKey } from '../../lib/client-address.js';
import { acceptFormPosts, FORM_RATE_LIMIT_HOOK, formErrorHandler, isFormPost } from '../../plugins/form-posts.js';
import type { VouchersService } from './vouchers.service.js';

const noStore = { 'cache-control': 'no-store' };

/** The page the redeem form is on, where a form post goes back to. */
export const REDEEM_PAGE = '/redeem';

/**
 * The error handler of the redeem route: a signed-out form post goes to sign in and back to /redeem; any other failed
 * form post goes back to /redeem with the error (plugins/form-posts.ts), keeping the code typed only when it was
 * malformed (a typo to fix; a code that may be valid is not put in a URL, which browsers and logs keep).
 */
function redeemErrorHandler(scope: FastifyInstance) {
  const back = formErrorHandler(scope, REDEEM_PAGE, ({ code }) => ({ code }));
  const backWithoutCode = formErrorHandler(scope, REDEEM_PAGE, () => ({}));
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (isFormPost(req) && err instanceof AppError && err.code === 'unauthenticated') {
      return reply.headers(noStore).redirect(`/login?${new URLSearchParams({ next: REDEEM_PAGE })}`, 303);
    }
    const typo = err instanceof AppError && err.code === 'voucher_malformed';
    return (typo ? back : backWithoutCode)(err, req, reply);
  };
}

export function vouchersRoutes(deps: { vouchers: VouchersService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // The redeem form of /redeem also posts before the app has loaded (plugins/form-posts.ts, ADR 024): same route,
    // same limits; a form post is answered 303 to /redeem with what was added, or back with the error.
    await app.register(async (scope) => {
      acceptFormPosts(scope);
      const forms = scope.withTypeProvider<ZodTypeProvider>();
      forms.post('/api/vouchers/redeem', {
        config: {
          access: 'user',
          rateLimit: {
            max: VOUCHER_LIMITS.attemptsPerAccountPerMinute,
            timeWindow: '1 minute',
            hook: FORM_RATE_LIMIT_HOOK,
            keyGenerator: async (req: FastifyRequest) => `voucher:${(await req.currentUser())?.id ?? clientKey(req.ip)}`,
          },
        },
        schema: { body: redeemVoucherBody, response: { 200: redeemVoucherResponse } },
        errorHandler: redeemErrorHandler(scope),
      }, async (req, reply) => {
        const user = await req.requireUser();
        const redeemed = await deps.vouchers.redeem(user.id, clientKey(req.ip), req.body.code);
        if (isFormPost(req)) {
          const q = new URLSearchParams({ redeemed: redeemed.plan, starts: redeemed.startsAt, ends: redeemed.endsAt, until: redeemed.passesEndAt });
          return reply.headers(noStore).redirect(`${REDEEM_PAGE}?${q}`, 303);
        }
        return reply.headers(noStore).send({ redeemed });
      });
    });

    r.get('/api/admin/vouchers/batches', {
      config: { access: 'super_admin' },
      schema: { querystring: voucherBatchesQuery, response: { 200: voucherBatchesResponse } },
    }, async (req, reply) => reply.headers(noStore).send({ batches: await deps.vouchers.batches(req.query.name) }));

    r.post('/api/admin/vouchers/batches', {
      config: { access: 'super_admin' },
      schema: { body: createVoucherBatchBody, response: { 201: createVoucherBatchResponse } },
    }, async (req, reply) => {
      const user = await req.requireUser();
      return reply.status(201).headers(noStore).send(await deps.vouchers.createBatch(req.body, user.id));
    });

    r.post('/api/admin/vouchers/batches/:id/void', {
      config: { access: 'super_admin' },
      schema: { params: idParams, response: { 200: voucherBatchResponse } },
    }, async (req, reply) => reply.headers(noStore).send({ batch: await deps.vouchers.voidBatch(req.params.id) }));

    r.get('/api/admin/vouchers/batches/:id/codes.csv', {
      config: { access: 'super_admin' },
      schema: { params: idParams },
    }, async (req, reply) => {
      const { name, csv } = await deps.vouchers.csv(req.params.id);
      // The name holds letters, digits, spaces, dots, dashes and underscores (voucherBatchName); RFC 6266 filename*.
      return reply
        .headers({ ...noStore, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="vouchers.csv"; filename*=UTF-8''${encodeURIComponent(`vouchers-${name}.csv`)}` })
        .send(csv);
    });
  };
}
