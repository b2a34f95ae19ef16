-- Search (issue 3 point 7): trigram matching and accent folding, on PGlite (bundled contrib, loaded in
-- db/client.ts) and PostgreSQL (contrib; both extensions are "trusted" since PostgreSQL 13, so a database
-- owner may create them).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so indexes and generated columns cannot use it.
-- This wrapper names the dictionary and the function by schema and is declared IMMUTABLE: the standard way
-- to index accent-folded text. Changing the unaccent rules file would need a REINDEX.
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
