/**
 * `payout run | list | retry` (docs/decisions/052-payout-run.md; docs/decisions/002-cli-and-embedded-database.md):
 *   payout run --month YYYY-MM [--wait SECONDS]
 *                     pays the closed month's statements (see payouts.service.ts): carries what is under the
 *                     minimum or cannot be sent, sends the rest, asks about what an earlier run left open, then keeps
 *                     asking about accepted payouts up to --wait seconds (default PAYOUT_WAIT_SECONDS); prints the
 *                     month's payouts; exit 1 when some failed, were refused or are still open
 *   payout list --month YYYY-MM    the month's payouts with status and reason, retried ones included
 *   payout retry <id> [--msisdn NUMBER]
 *                     pays a failed, refused or carried-for-its-number payout again under a new reference, to NUMBER
 *                     or the holder's current number
 * Run in this process or inside the running server like every command (cli.ts).
 */
import { InvalidArgumentError, type Command } from 'commander';
import { payoutMonth, type PayoutView } from '../../shared/contracts/payouts.js';
import { maskMsisdn } from '../../shared/domain/msisdn.js';
import { table, uuid, wholeNumber, type CommandEnv } from './command-kit.js';

/** A commander parser of a month `YYYY-MM`. */
function month(v: string): string {
  if (!payoutMonth.safeParse(v).success) throw new InvalidArgumentError('month must be YYYY-MM, e.g. 2026-10');
  return v;
}

const rowOf = (p: PayoutView): string[] => [
  p.id,
  p.holderName,
  `${p.amount} ${p.currency}`,
  p.msisdn ? maskMsisdn(p.msisdn) : '-',
  p.supersededBy ? `${p.status} (retried)` : p.status,
  p.reason ?? '',
];

const HEADER = ['REFERENCE', 'HOLDER', 'AMOUNT', 'NUMBER', 'STATUS', 'REASON'];

export function registerPayoutCommands(program: Command, env: CommandEnv): void {
  const { configure, services, print, warn, setCode, ctx } = env;
  const payout = configure(program.command('payout').description('pay rights holders their closed months to their mobile-money wallets'));

  configure(payout.command('run').description('pay a closed month: carry, send, and follow each payout to its end'))
    .requiredOption('--month <YYYY-MM>', 'the closed month', month)
    .option('--wait <seconds>', 'how long to keep asking about accepted payouts (default PAYOUT_WAIT_SECONDS)', wholeNumber('wait', 0, 86_400))
    .action(async (o: { month: string; wait?: number }) => {
      const r = await services.payouts.run(o.month, { waitSeconds: o.wait, progress: warn, signal: ctx.signal });
      print(r.payouts.length ? table(HEADER, r.payouts.map(rowOf)) : `no payouts for ${o.month}: nothing is owed`);
      const c = r.counts;
      warn(`${o.month}: ${c.successful} paid, ${c.accepted} accepted (not yet paid), ${c.created} in doubt, ${c.failed} failed, ${c.refused} refused, ${c.carried} carried`);
      if (c.failed + c.refused + c.created + c.accepted > 0) setCode(1);
    });

  configure(payout.command('list').description("a month's payouts with status and reason"))
    .requiredOption('--month <YYYY-MM>', 'the month', month)
    .action(async (o: { month: string }) => {
      const r = await services.payouts.list(o.month);
      if (!r.closed) warn(`${o.month} is not closed yet`);
      print(r.payouts.length ? table(HEADER, r.payouts.map(rowOf)) : `no payouts for ${o.month}`);
    });

  configure(payout.command('retry').description('pay a failed, refused or carried payout again, under a new reference'))
    .argument('<id>', 'the payout reference payout list prints', uuid('payout'))
    .option('--msisdn <number>', "the corrected number (default: the holder's number as it is now)")
    .action(async (id: string, o: { msisdn?: string }) => {
      const p = await services.payouts.retry(id, o.msisdn);
      print(table(HEADER, [rowOf(p)]));
    });
}
