CREATE TABLE "catalog_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "catalog_items_name_trgm_gist_idx";--> statement-breakpoint
CREATE INDEX "catalog_words_trgm_idx" ON "catalog_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
-- The words of display items' names, kept by the database (ADR 036, amended 2026-11-29 "typos through a word list").
CREATE OR REPLACE FUNCTION public.catalog_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_words (word)
    SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', NEW.name_folded))) AS w
    WHERE length(w) >= 3 AND w ~ '^[[:alnum:]]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER catalog_items_words_insert AFTER INSERT ON catalog_items
  FOR EACH ROW EXECUTE FUNCTION public.catalog_words_add();--> statement-breakpoint
CREATE TRIGGER catalog_items_words_update AFTER UPDATE OF name_text ON catalog_items
  FOR EACH ROW WHEN (OLD.name_text IS DISTINCT FROM NEW.name_text) EXECUTE FUNCTION public.catalog_words_add();--> statement-breakpoint
INSERT INTO catalog_words (word)
  SELECT DISTINCT w FROM catalog_items, unnest(tsvector_to_array(to_tsvector('simple', name_folded))) AS w
  WHERE length(w) >= 3 AND w ~ '^[[:alnum:]]+$'
ON CONFLICT DO NOTHING;
