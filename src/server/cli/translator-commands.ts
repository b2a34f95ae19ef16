/**
 * `translator ...` commands (docs/product/admin.md §12; docs/decisions/047-translators-as-people.md):
 *   translator create --name NAME [--email E] [--phone P] [--bio B] [--photo-url U] [--language en|fr|rw]
 *     Prints the new translator's id on stdout; on stderr, what the email did to the accounts (linked to an existing
 *     account, or a new one mailed a set-password link, written in --language, English by default). Same rules and
 *     errors as the admin API: a taken name or email, a bad email, a phone that is not a Rwandan or Ugandan mobile
 *     number.
 *   translator list
 *     A table by name: name, slug, email, phone (E.164 without "+"), whether an account is linked, titles, id.
 */
import type { Command } from 'commander';
import { LANGUAGE_CODES, type LanguageCode } from '../../shared/domain/languages.js';
import { oneOf, table, type CommandEnv } from './command-kit.js';

const ACCOUNT_NOTES = {
  none: null,
  linked: 'linked to the account with this email (role translator unless admin or super_admin)',
  created: 'created an account for this email and mailed it a link to set its password',
} as const;

export function registerTranslatorCommands(program: Command, env: CommandEnv): void {
  const { configure, services, print, warn } = env;
  const translator = configure(program.command('translator').description('manage translators (abasobanuzi)'));

  configure(translator.command('create').description("create a translator; prints its id. An email links (or creates) that email's account"))
    .requiredOption('--name <name>', 'name, as viewers see it')
    .option('--email <email>', "the translator's email: links the account with this email, or creates one")
    .option('--phone <phone>', 'a Rwandan (+250) or Ugandan (+256) mobile number')
    .option('--bio <text>', 'a short biography', '')
    .option('--photo-url <url>', 'a photo URL')
    .option('--language <lang>', `language of the set-password mail (${LANGUAGE_CODES.join(', ')})`, oneOf(LANGUAGE_CODES, 'language'), 'en' as LanguageCode)
    .action(async (o: { name: string; email?: string; phone?: string; bio: string; photoUrl?: string; language: LanguageCode }) => {
      const r = await services.translatorAdmin.create({ name: o.name, bio: o.bio, photoUrl: o.photoUrl ?? null, email: o.email ?? null, phone: o.phone ?? null }, null, o.language);
      print(r.translator.id);
      const note = ACCOUNT_NOTES[r.account.status];
      if (note) warn(note);
    });

  configure(translator.command('list').description('list translators by name: name, slug, email, phone, account, titles, id'))
    .action(async () => {
      const rows = (await services.translatorAdmin.list()).map((x) => [x.name, x.slug, x.email ?? '-', x.phone ?? '-', x.userId ? 'linked' : '-', String(x.titles), x.id]);
      if (rows.length === 0) return print('no translators');
      print(table(['NAME', 'SLUG', 'EMAIL', 'PHONE', 'ACCOUNT', 'TITLES', 'ID'], rows));
    });
}
