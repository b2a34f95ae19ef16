/**
 * Translators as admins manage them (docs/product/admin.md §12; docs/decisions/047-translators-as-people.md): the
 * catalogue's translator rules (modules/catalog/translators.service.ts) plus the account link. A translator with an
 * email is linked to the account with that email, which gets the role `translator` unless it is `admin` or
 * `super_admin`; when there is none, an account is made (the translator's name, that email, a random password no one
 * knows, role `translator`) and mailed a link to choose its password (recovery.service.ts `inviteToSetPassword`).
 * Clearing the email unlinks the account; its role stays. Results are AdminTranslator (src/shared/contracts/translators.ts).
 * Errors: those of translators.service.ts (400 `validation_failed`, `invalid_msisdn`; 404 `not_found`; 409 `conflict`).
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '../../../shared/contracts/accounts.js';
import type { AdminTranslator, TranslatorAccount, TranslatorCreateBody, TranslatorUpdateBody } from '../../../shared/contracts/translators.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { TranslatorWithCount } from '../catalog/translators.repository.js';
import type { TranslatorsService } from '../catalog/translators.service.js';
import type { MessageLanguage } from '../recovery/recovery-texts.js';

interface Log {
  warn(obj: object, msg: string): void;
}

export interface TranslatorAccountsDeps {
  translators: TranslatorsService;
  accounts: Pick<AccountsService, 'register'>;
  accountsRepo: Pick<AccountsRepository, 'findUserByEmail' | 'roleOf' | 'assignRole'>;
  /** Mails a new account its set-password link (recovery.service.ts inviteToSetPassword). */
  invite: (userId: string, lang: MessageLanguage) => Promise<void>;
  log: Log;
}

/** Roles that keep their rights when their account becomes a translator's (ADR 047). */
const KEEPS_ROLE: readonly Role[] = ['admin', 'super_admin', 'translator'];

const view = (t: TranslatorWithCount): AdminTranslator => ({ id: t.id, name: t.name, slug: t.slug, photoUrl: t.photoUrl, bio: t.bio, email: t.email, phone: t.phone, userId: t.userId, titles: t.titles });

export function createTranslatorAccountsService(deps: TranslatorAccountsDeps) {
  const { translators, accountsRepo } = deps;

  /**
   * Links translator `id` to the account of `email` (made when missing), or unlinks it when `email` is null.
   * `by` is the admin's user id (null: the command line), recorded on a role change.
   */
  async function linkEmail(id: string, name: string, email: string | null, by: string | null, lang: MessageLanguage): Promise<TranslatorAccount> {
    if (email === null) {
      await translators.link(id, null);
      return { status: 'none' };
    }
    const found = await accountsRepo.findUserByEmail(email);
    if (found) {
      if (!KEEPS_ROLE.includes(await accountsRepo.roleOf(found.id))) await accountsRepo.assignRole(found.id, 'translator', by);
      await translators.link(id, found.id);
      return { status: 'linked' };
    }
    const made = await deps.accounts.register({ fullName: name, email, password: randomBytes(32).toString('base64url') });
    await accountsRepo.assignRole(made.id, 'translator', by);
    await translators.link(id, made.id);
    // The account exists and is linked whatever the mail does; a failed send is logged, and "Forgot password?"
    // by email reaches the same account later.
    await deps.invite(made.id, lang).catch((err: unknown) => deps.log.warn({ err: err instanceof Error ? { name: err.name, message: err.message } : String(err), userId: made.id }, 'translator account: set-password mail not sent'));
    return { status: 'created' };
  }

  return {
    /** Every translator, by name, with email, phone, account link and title count. */
    async list(): Promise<AdminTranslator[]> {
      return (await translators.list()).map(view);
    },
    /** Creates a translator and links its email's account (ADR 047). */
    async create(body: TranslatorCreateBody, by: string | null, lang: MessageLanguage): Promise<{ translator: AdminTranslator; account: TranslatorAccount }> {
      const row = await translators.create(body);
      const account = await linkEmail(row.id, row.name, row.email, by, lang);
      return { translator: view(await translators.get(row.id)), account };
    },
    /** Changes the fields given; a changed email moves the link to that email's account (ADR 047). */
    async update(id: string, body: TranslatorUpdateBody, by: string | null, lang: MessageLanguage): Promise<{ translator: AdminTranslator; account: TranslatorAccount }> {
      const before = await translators.get(id);
      const row = await translators.update(id, body);
      const relink = body.email !== undefined && (row.email !== before.email || (row.email !== null && !before.userId));
      const account = relink ? await linkEmail(id, row.name, row.email, by, lang) : { status: row.userId ? 'linked' : 'none' } as const;
      return { translator: view(await translators.get(id)), account };
    },
    /** Moves the titles of `id` to `intoId` and deletes `id` (ADR 047): the translator kept, and the counts moved. */
    async merge(id: string, intoId: string): Promise<{ translator: AdminTranslator; moved: { movies: number; series: number } }> {
      const moved = await translators.merge(id, intoId);
      return { translator: view(await translators.get(intoId)), moved };
    },
    /** Deletes a translator; its titles stay, with no translator. */
    async remove(id: string): Promise<{ id: string; name: string }> {
      const row = await translators.remove(id);
      return { id: row.id, name: row.name };
    },
  };
}
export type TranslatorAccountsService = ReturnType<typeof createTranslatorAccountsService>;
