/**
 * `statement ...` commands (docs/decisions/051-statements.md):
 *   statement preview --month YYYY-MM [--json]
 *     A month's statements (stored when the month is closed, else computed now), per holder and currency: minutes,
 *     amount (integer minor units of the currency) and titles, then each currency's totals. `--json`: a JSON array,
 *     one object per holder `{ holderId, kind, name, currencies: { <CUR>: { minutes, seconds, amount, titles,
 *     explanation } } }`. A month not YYYY-MM is a usage error (exit code 2).
 */
import { InvalidArgumentError, type Command } from 'commander';
import { statementMonth } from '../../shared/contracts/statements.js';
import { table, type CommandEnv } from './command-kit.js';

function month(v: string): string {
  if (!statementMonth.safeParse(v).success) throw new InvalidArgumentError('month must be YYYY-MM (01 to 12)');
  return v;
}

export function registerStatementCommands(program: Command, env: CommandEnv): void {
  const { configure, services, print } = env;
  const statement = configure(program.command('statement').description("rights holders' monthly statements (ADR 051)"));

  configure(statement.command('preview').description('per holder and currency: minutes, amount and titles of a month (closed: as stored; open: computed now)'))
    .requiredOption('--month <YYYY-MM>', 'the month (UTC)', month)
    .option('--json', 'one JSON object per holder, with minutes and amount per currency')
    .action(async (o: { month: string; json?: boolean }) => {
      const r = await services.statements.statements(o.month);
      if (o.json) return print(JSON.stringify(r.holders, null, 2));
      print(`${r.month}: ${r.closed ? `closed ${r.closedAt}` : 'open (preview)'}, model ${r.model}, platform share ${r.platformShareBps / 100}%`);
      const rows = r.holders.flatMap((h) =>
        Object.entries(h.currencies).map(([cur, c]) => [h.name, h.holderId, cur, String(c.minutes), String(c.amount), c.titles.map((x) => `${x.title || x.titleId} (${x.amount})`).join('; ')]),
      );
      print(rows.length ? table(['HOLDER', 'ID', 'CURRENCY', 'MINUTES', 'AMOUNT', 'TITLES'], rows) : 'no statements');
      print(table(['CURRENCY', 'REVENUE', 'FEES', 'PLATFORM', 'KEPT', 'HOLDERS'], r.totals.map((x) => [x.currency, String(x.revenue), String(x.fees), String(x.platformShare), String(x.retainedNoMinutes + x.retainedNoHolders), String(x.holders)])));
    });
}
