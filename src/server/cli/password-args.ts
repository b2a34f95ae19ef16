/**
 * Which commands read a password, and which refuse one in argv: checked by cli.ts before anything else loads (so a
 * command sent to a running server needs none of the commands' modules in this process), and by runCli again.
 * New passwords follow modules/accounts/password-policy.ts (ADR 018).
 */

/** Why a command refuses `--password` in argv, or null when it does not (checked before anything runs, by cli.ts too). */
export function argvPasswordRefusal(argv: readonly string[]): string | null {
  if (argv[0] !== 'user' || argv[1] !== 'set-password') return null;
  if (!argv.some((a) => a === '--password' || a.startsWith('--password='))) return null;
  return [
    'error: user set-password never takes the password on the command line: it would stay in your shell history and',
    'in the process list. Leave --password out and type it at the prompt, or pipe it on stdin (first line):',
    "  printf '%s\\n' \"$NEW_PASSWORD\" | sobanura user set-password --email E",
  ].join('\n');
}

/** Whether the command in `argv` reads a password (cli.ts reads it, from the prompt or stdin, before running it). */
export function needsPassword(argv: readonly string[]): boolean {
  // Without --email the command fails on its arguments: no reason to wait for a password first.
  if (argv[0] !== 'user' || argv.includes('--help') || argv.includes('-h') || !argv.some((a) => a === '--email' || a.startsWith('--email='))) return false;
  if (argv[1] === 'set-password') return argvPasswordRefusal(argv) === null;
  return argv[1] === 'create' && !argv.some((a) => a === '--password' || a.startsWith('--password='));
}
