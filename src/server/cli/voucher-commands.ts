/**
 * `voucher create | list | void` (docs/decisions/042-vouchers.md; docs/decisions/002-cli-and-embedded-database.md):
 *   voucher create --plan <plan> --count N [--batch NAME] [--expires YYYY-MM-DD] [--csv]
 *                        makes a batch of N codes (1 to 10,000) of a plan; prints the codes one per line, or with
 *                        --csv the lines of its CSV (header `code,plan,batch,expiry`); the batch's name and expiry go
 *                        to stderr, so stdout is the codes alone
 *   voucher list [--batch NAME]   each batch with its plan, dates, state and counts of codes made, redeemed, voided
 *   voucher void --batch NAME     voids a batch: its unredeemed codes stop working (again: keeps the first time)
 * Run in this process or inside the running server like every command (cli.ts); a batch made here has no creator.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { VOUCHER_MAX_BATCH, voucherBatchName, type VoucherBatchView } from '../../shared/contracts/vouchers.js';
import { PLAN_IDS, type PlanId } from '../../shared/domain/plans.js';
import { oneOf, table, wholeNumber, type CommandEnv } from './command-kit.js';

/** A commander parser of a batch name (contracts/vouchers.ts `voucherBatchName`). */
function batchName(v: string): string {
  const r = voucherBatchName.safeParse(v);
  if (!r.success) throw new InvalidArgumentError(`batch name: ${r.error.issues[0]?.message ?? 'not valid'}`);
  return r.data;
}

/** A commander parser of a day `YYYY-MM-DD` that exists. */
function day(v: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) !== v) throw new InvalidArgumentError('expires must be a real day, YYYY-MM-DD');
  return v;
}

const dayOf = (iso: string) => iso.slice(0, 10);

function rowOf(b: VoucherBatchView): string[] {
  return [b.name, b.plan, dayOf(b.createdAt), dayOf(b.expiresAt), b.state, String(b.counts.created), String(b.counts.redeemed), String(b.counts.voided)];
}

export function registerVoucherCommands(program: Command, env: CommandEnv): void {
  const { configure, services, print, warn } = env;
  const voucher = configure(program.command('voucher').description('vouchers sold for cash: batches of codes, each worth one pass'));

  configure(voucher.command('create').description('make a batch of voucher codes of a plan; print them one per line (or as CSV)'))
    .requiredOption('--plan <plan>', PLAN_IDS.join('|'), oneOf(PLAN_IDS, 'plan'))
    .requiredOption('--count <n>', `how many codes (1 to ${VOUCHER_MAX_BATCH})`, wholeNumber('count', 1, VOUCHER_MAX_BATCH))
    .option('--batch <name>', 'the batch name (default: <plan>-<date>-<4 characters>)', batchName)
    .option('--expires <day>', 'the last day the codes work, Kigali time (default: 12 months from now)', day)
    .option('--csv', 'print CSV with the header code,plan,batch,expiry')
    .action(async (o: { plan: PlanId; count: number; batch?: string; expires?: string; csv?: boolean }) => {
      const { batch, codes } = await services.vouchers.createBatch({ plan: o.plan, count: o.count, name: o.batch, expiresOn: o.expires }, null);
      warn(`batch ${batch.name}: ${codes.length} ${batch.plan} code${codes.length === 1 ? '' : 's'}, valid until ${batch.expiresAt}`);
      if (o.csv) print((await services.vouchers.csv(batch.id)).csv.trimEnd().replaceAll('\r\n', '\n'));
      else print(codes.join('\n'));
    });

  configure(voucher.command('list').description('each batch with its counts of codes made, redeemed and voided'))
    .option('--batch <name>', 'only this batch', batchName)
    .action(async (o: { batch?: string }) => {
      if (o.batch) await services.vouchers.batchIdByName(o.batch); // 404 with the name when there is none
      const batches = await services.vouchers.batches(o.batch);
      if (!batches.length) return print('no voucher batches yet');
      print(table(['BATCH', 'PLAN', 'CREATED', 'EXPIRES', 'STATE', 'CODES', 'REDEEMED', 'VOIDED'], batches.map(rowOf)));
    });

  configure(voucher.command('void').description('void a batch: its unredeemed codes stop working'))
    .requiredOption('--batch <name>', 'the batch', batchName)
    .action(async (o: { batch: string }) => {
      const b = await services.vouchers.voidBatch(await services.vouchers.batchIdByName(o.batch));
      print(`batch ${b.name} voided at ${b.voidedAt}: ${b.counts.voided} unused code${b.counts.voided === 1 ? '' : 's'} no longer work; ${b.counts.redeemed} were redeemed`);
    });
}
