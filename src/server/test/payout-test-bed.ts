/**
 * Closed months for payout tests (docs/decisions/052-payout-run.md): holders (translators with a phone, or rights
 * parties with an MSISDN) and their frozen statements, written as the statements close writes them
 * (src/server/db/schema/statements.ts: `statement_closes` per month, `statements` per holder, month and currency;
 * the month's totals and lines are not read by payouts and not written here). Test code only.
 */
export type Exec = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Adds a translator with `phone` (E.164 without "+", or null); returns its statements holder key and id. */
export async function addTranslator(exec: Exec, name: string, phone: string | null): Promise<{ key: string; id: string }> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  const { rows } = await exec('insert into translators (name, slug, phone) values ($1, $2, $3) returning id::text as id', [name, slug, phone]);
  const id = String(rows[0]!.id);
  return { key: `translator:${id}`, id };
}

/** Adds a rights party (a studio, a licensor) with `msisdn` or null; returns its holder key and id. */
export async function addParty(exec: Exec, name: string, msisdn: string | null): Promise<{ key: string; id: string }> {
  const { rows } = await exec('insert into rights_parties (name, msisdn) values ($1, $2) returning id::text as id', [name, msisdn]);
  const id = String(rows[0]!.id);
  return { key: `party:${id}`, id };
}

/** Closes `month` with these statements (amounts in minor units of their currency). */
export async function closeMonth(exec: Exec, month: string, lines: { holder: { key: string; id: string }; name: string; currency: string; amount: number }[]): Promise<void> {
  await exec('insert into statement_closes (month, platform_share_bps) values ($1, 3000)', [month]);
  for (const l of lines) {
    const kind = l.holder.key.split(':')[0];
    await exec('insert into statements (month, currency, holder_id, holder_kind, holder_ref, holder_name, seconds, amount) values ($1, $2, $3, $4, $5, $6, 600, $7)', [month, l.currency, l.holder.key, kind, l.holder.id, l.name, l.amount]);
  }
}
