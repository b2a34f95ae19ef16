/**
 * The catalogue's upkeep job, every five minutes (pg-boss cron schedule), worked by worker processes (ADR 016):
 * - `catalog-statistics`: refreshes the planner's statistics of the display items when they are stale (never
 *   analyzed, or more than a tenth of the rows changed since; `vacuumItemsIfStale`). PostgreSQL's autovacuum may be
 *   off, and PGlite has none: without it, partial indexes analyzed while their titles were not yet playable keep
 *   `reltuples = 0`, and the planner then walks a whole list to answer a search (docs/decisions/036-catalogue-at-100k-titles.md,
 *   amended 2026-11-29). The app's start does the same check; this job covers a server that stays up while many
 *   titles become playable. Nothing to do costs one read of `pg_stat_user_tables`.
 * No retries: the next run is the retry.
 */
import type PgBoss from 'pg-boss';

export const CATALOG_STATISTICS_QUEUE = 'catalog-statistics';
/** Every five minutes (cron). */
export const CATALOG_STATISTICS_CRON = '*/5 * * * *';

/** Starts the job's worker and its schedule; `refreshIfStale` resolves true when it refreshed the statistics. */
export async function registerCatalogJobs(boss: PgBoss, refreshIfStale: () => Promise<boolean>, log: { info(o: object, m: string): void }): Promise<void> {
  await boss.createQueue(CATALOG_STATISTICS_QUEUE);
  await boss.work(CATALOG_STATISTICS_QUEUE, async () => {
    if (await refreshIfStale()) log.info({ job: CATALOG_STATISTICS_QUEUE }, 'refreshed the statistics of the catalogue display items');
  });
  await boss.schedule(CATALOG_STATISTICS_QUEUE, CATALOG_STATISTICS_CRON, {}, { retryLimit: 0 });
}
