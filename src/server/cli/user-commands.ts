/**
 * `user ...` commands (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26):
 *   user create --email E [--name N] [--role R]   password from the prompt or stdin (`--password P` still accepted,
 *                                                  with a warning: it stays in the shell history and the process list)
 *   user list [--search Q] [--role R] [--limit N]  a table: email, name, role, created, pass
 *   user set-password --email E                    password from the prompt or stdin, never argv; ends every session
 *   user role --email E --role R                   user | admin | super_admin; the last super_admin keeps the role
 * New passwords follow modules/accounts/password-policy.ts (ADR 018).
 */
import { ROLES, type Role } from '../../shared/contracts/accounts.js';
import { AppError } from '../lib/app-error.js';
import { oneOf, table, wholeNumber, type CommandEnv } from './command-kit.js';

function passwordGiven(env: CommandEnv): string {
  if (env.ctx.password === undefined) throw new AppError(400, 'validation_failed', 'no password given: type it at the prompt, or pipe it on stdin (first line)');
  return env.ctx.password;
}

const day = (iso: string) => iso.slice(0, 10);

export function registerUserCommands(program: import('commander').Command, env: CommandEnv): void {
  const { configure, services, print, warn } = env;
  const user = configure(program.command('user').description('manage users'));

  configure(user.command('create').description('create a user (the password is read from a prompt, or from the first line of stdin)'))
    .requiredOption('--email <email>', 'email address')
    .option('--password <password>', 'deprecated: the password on the command line (leave it out to be prompted)')
    .option('--name <name>', 'full name')
    .option('--role <role>', `one of ${ROLES.join(', ')}`, oneOf(ROLES, 'role'), 'user' as Role)
    .action(async (o: { email: string; password?: string; name?: string; role: Role }) => {
      if (o.password !== undefined) warn('warning: --password leaves the password in your shell history and the process list; leave it out to type it at a prompt or pipe it on stdin');
      const password = o.password ?? passwordGiven(env);
      const u = await services.accounts.register({ fullName: o.name ?? o.email.split('@')[0]!, email: o.email.toLowerCase(), password }, o.role);
      print(`created ${u.role} ${u.email} (${u.id})`);
    });

  configure(user.command('list').description('list users, newest first: email, name, role, created, pass'))
    .option('--search <text>', 'only users whose email or name contains this')
    .option('--role <role>', `only this role (${ROLES.join(', ')})`, oneOf(ROLES, 'role'))
    .option('--limit <n>', 'at most this many (default: all)', wholeNumber('limit', 1, 1_000_000))
    .action(async (o: { search?: string; role?: Role; limit?: number }) => {
      const rows: string[][] = [];
      let total = 0;
      for (let page = 1; ; page++) {
        const r = await services.admin.people.list({ q: o.search, role: o.role, page, pageSize: 100 });
        total = r.total;
        for (const u of r.items) {
          if (o.limit !== undefined && rows.length >= o.limit) break;
          const pass = !u.pass ? 'none' : u.pass.active ? `${u.pass.plan} until ${day(u.pass.expiresAt)}` : `${u.pass.plan} expired ${day(u.pass.expiresAt)}`;
          rows.push([u.email, u.fullName || u.name, u.role, day(u.joinedAt), pass]);
        }
        if (r.items.length < 100 || (o.limit !== undefined && rows.length >= o.limit)) break;
      }
      if (rows.length === 0) return print('no users');
      print(table(['EMAIL', 'NAME', 'ROLE', 'CREATED', 'PASS'], rows));
      if (rows.length < total) warn(`${rows.length} of ${total} users shown`);
    });

  configure(user.command('set-password').description("set a user's password (read from a prompt, or from the first line of stdin; never from argv) and end their sessions"))
    .requiredOption('--email <email>', 'the user')
    .action(async (o: { email: string }) => {
      const { sessionsEnded } = await services.accounts.setPassword(o.email, passwordGiven(env));
      print(`password of ${o.email.toLowerCase()} changed; ${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended`);
    });

  configure(user.command('role').description("change a user's role (the last super_admin cannot lose the role)"))
    .requiredOption('--email <email>', 'the user')
    .requiredOption('--role <role>', ROLES.join('|'), oneOf(ROLES, 'role'))
    .action(async (o: { email: string; role: Role }) => {
      const { from, to } = await services.accounts.setRole(o.email, o.role, null);
      print(from === to ? `${o.email.toLowerCase()} is already ${to}` : `${o.email.toLowerCase()}: ${from} -> ${to}`);
    });
}
