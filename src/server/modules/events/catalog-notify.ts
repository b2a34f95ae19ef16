/**
 * Live lists across server instances (ADR 007; docs/product/viewer.md §4 "Movie lists update live"):
 * every write to movies, series, custom groups or their memberships sends `pg_notify('catalog_events', json)`
 * with `{ entity, op, id }` (src/shared/contracts/browse.ts `catalogEvent`). It is called inside the write's
 * transaction: PostgreSQL delivers a notification only when its transaction commits, so listeners never hear of
 * a write that was rolled back, and hear of every one that committed.
 */
import { sql } from 'drizzle-orm';
import type { CatalogEvent } from '../../../shared/contracts/browse.js';
import type { Database } from '../../db/client.js';

/** The one NOTIFY channel of catalogue changes. */
export const CATALOG_CHANNEL = 'catalog_events';

/** Queues the events on the transaction `tx` (one statement however many events; identical ones merge). */
export async function notifyCatalog(tx: Database, events: readonly CatalogEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payloads = events.map((e) => JSON.stringify({ entity: e.entity, op: e.op, id: e.id }));
  const literal = `{${payloads.map((p) => `"${p.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
  await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, p) from unnest(${literal}::text[]) as p`);
}
