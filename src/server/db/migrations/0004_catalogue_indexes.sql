-- Catalogue read paths (issue 3, measured by bench/catalog/run.ts): GIN indexes without a pending list (PGlite has
-- no autovacuum to merge it, and a long list makes every search scan it), and the category expressions the
-- chips are read from by skipping through an index.
DROP INDEX "catalog_items_categories_idx";--> statement-breakpoint
DROP INDEX "catalog_items_translators_idx";--> statement-breakpoint
DROP INDEX "catalog_items_search_idx";--> statement-breakpoint
DROP INDEX "catalog_items_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "movies_category_idx" ON "movies" USING btree (lower(trim("category")));--> statement-breakpoint
CREATE INDEX "series_category_idx" ON "series" USING btree (lower(trim("category")));--> statement-breakpoint
CREATE INDEX "catalog_items_categories_idx" ON "catalog_items" USING gin ("categories") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "catalog_items_translators_idx" ON "catalog_items" USING gin ("translator_ids") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "catalog_items_search_idx" ON "catalog_items" USING gin ("search_vector") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "catalog_items_name_trgm_idx" ON "catalog_items" USING gin ("name_folded" gin_trgm_ops) WITH (fastupdate=off);