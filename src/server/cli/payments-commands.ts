/**
 * `pass grant` and `payments reconcile` (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26):
 *   pass grant --email E --plan <id of domain/plans.ts> a complimentary pass, queued behind a better one (ADR 019)
 *   payments reconcile   runs the pending-payment reconciliation now (the `reconcile-payments` job's work, ADR 004 and
 *                        ADR 008) and prints each payment that settled: id, what it bought, amount, old -> new status
 */
import type { Command } from 'commander';
import { isPlanId, PLAN_IDS } from '../../shared/domain/plans.js';
import { AppError } from '../lib/app-error.js';
import { LATE_CHECK_EVERY_SECONDS, LATE_CONFIRMATION_SECONDS } from '../modules/billing/payment-settlement.js';
import { oneOf, table, type CommandEnv } from './command-kit.js';

export function registerPaymentsCommands(program: Command, env: CommandEnv): void {
  const { configure, services, print } = env;

  const pass = configure(program.command('pass').description('manage passes'));
  configure(pass.command('grant').description('grant a complimentary pass'))
    .requiredOption('--email <email>', 'the viewer')
    .requiredOption('--plan <plan>', PLAN_IDS.join('|'), oneOf(PLAN_IDS, 'plan'))
    .action(async (o: { email: string; plan: string }) => {
      const u = await services.accountsRepo.findUserByEmail(o.email);
      if (!u) throw new AppError(404, 'not_found', `No user with email ${o.email}`);
      if (!isPlanId(o.plan)) throw new AppError(400, 'validation_failed', 'bad plan');
      await services.billing.grantPass(u.id, o.plan);
      // A lesser plan granted during a better pass waits for it to end (ADR 019): say when it runs.
      const timeline = await services.billing.passTimeline(u.id);
      const granted = timeline.find((x) => x.plan === o.plan)!;
      print(`${o.plan} pass for ${u.email} from ${granted.startsAt.toISOString()} until ${granted.endsAt.toISOString()}; passes run until ${timeline.at(-1)!.endsAt.toISOString()}`);
    });

  const payments = configure(program.command('payments').description('mobile-money payments'));
  configure(payments.command('reconcile').description('ask the providers about every pending payment now; print what settled'))
    .action(async () => {
      const now = new Date();
      // The same payments the reconciliation looks at (billing.service.ts reconcile), read before and after it.
      const before = [...(await services.billingRepo.pendingPayments()), ...(await services.billingRepo.lateCandidates(now, LATE_CONFIRMATION_SECONDS * 1000, LATE_CHECK_EVERY_SECONDS * 1000))];
      const asked = await services.billing.reconcile();
      const settled: string[][] = [];
      for (const p of before) {
        const after = await services.billingRepo.payment(p.id);
        if (!after || after.status === p.status) continue;
        settled.push([p.id, p.kind === 'pass' ? `${p.plan ?? '?'} pass` : `title ${p.movieId ?? '(deleted)'}`, `${p.amount} RWF`, `${p.status} -> ${after.status}`]);
      }
      print(`asked about ${asked} payment${asked === 1 ? '' : 's'}; ${settled.length} settled`);
      if (settled.length) print(table(['PAYMENT', 'FOR', 'AMOUNT', 'STATUS'], settled));
    });
}
