/**
 * `outbox list [--limit N]` (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26): the messages the
 * site "sent" with no SMTP server or SMS gateway configured (the embedded default keeps them in the outbox; ADR 021),
 * newest first, each with its time, channel, recipient, subject and full text (a reset link or code is in the text).
 */
import type { Command } from 'commander';
import { wholeNumber, type CommandEnv } from './command-kit.js';

export function registerOutboxCommands(program: Command, env: CommandEnv): void {
  const { configure, services, print } = env;
  const outbox = configure(program.command('outbox').description('messages kept instead of sent (no SMTP_URL / SMS_PROVIDER set)'));
  configure(outbox.command('list').description('show the latest messages of the outbox, newest first'))
    .option('--limit <n>', 'at most this many (default 20)', wholeNumber('limit', 1, 1000), 20)
    .action(async (o: { limit: number }) => {
      const items = await services.outbox.list({ limit: o.limit });
      if (items.length === 0) return print('the outbox is empty');
      for (const m of items) {
        print(`--- ${m.createdAt.toISOString()}  ${m.channel} to ${m.to}${m.subject ? `  "${m.subject}"` : ''}  (${m.id})`);
        print(m.body.trimEnd());
      }
    });
}
