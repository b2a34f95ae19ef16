CREATE TABLE "rights_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"msisdn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "title_rights" (
	"title_id" uuid PRIMARY KEY NOT NULL,
	"movie_id" uuid,
	"series_id" uuid,
	"licence_start" timestamp with time zone NOT NULL,
	"licence_end" timestamp with time zone,
	"countries" text[],
	"needs_review" boolean DEFAULT false NOT NULL,
	"document_key" text,
	"document_type" text,
	"document_name" text,
	"document_bytes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "title_rights_one_title" CHECK (num_nonnulls("title_rights"."movie_id", "title_rights"."series_id") = 1 and "title_rights"."title_id" = coalesce("title_rights"."movie_id", "title_rights"."series_id")),
	CONSTRAINT "title_rights_window" CHECK ("title_rights"."licence_end" is null or "title_rights"."licence_end" > "title_rights"."licence_start"),
	CONSTRAINT "title_rights_countries" CHECK ("title_rights"."countries" is null or (cardinality("title_rights"."countries") > 0 and array_to_string("title_rights"."countries", ',') ~ '^[A-Z]{2}(,[A-Z]{2})*$'))
);
--> statement-breakpoint
CREATE TABLE "title_rights_holders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"translator_id" uuid,
	"party_id" uuid,
	"share_bp" integer NOT NULL,
	CONSTRAINT "title_rights_holders_share" CHECK ("title_rights_holders"."share_bp" between 1 and 10000),
	CONSTRAINT "title_rights_holders_kind" CHECK (("title_rights_holders"."kind" = 'operator' and "title_rights_holders"."translator_id" is null and "title_rights_holders"."party_id" is null) or ("title_rights_holders"."kind" = 'translator' and "title_rights_holders"."party_id" is null) or ("title_rights_holders"."kind" = 'party' and "title_rights_holders"."party_id" is not null and "title_rights_holders"."translator_id" is null))
);
--> statement-breakpoint
ALTER TABLE "title_rights" ADD CONSTRAINT "title_rights_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_rights" ADD CONSTRAINT "title_rights_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_rights_holders" ADD CONSTRAINT "title_rights_holders_title_id_title_rights_title_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."title_rights"("title_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_rights_holders" ADD CONSTRAINT "title_rights_holders_translator_id_translators_id_fk" FOREIGN KEY ("translator_id") REFERENCES "public"."translators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_rights_holders" ADD CONSTRAINT "title_rights_holders_party_id_rights_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."rights_parties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "title_rights_movie_uq" ON "title_rights" USING btree ("movie_id");--> statement-breakpoint
CREATE UNIQUE INDEX "title_rights_series_uq" ON "title_rights" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "title_rights_end_idx" ON "title_rights" USING btree ("licence_end");--> statement-breakpoint
CREATE INDEX "title_rights_holders_title_idx" ON "title_rights_holders" USING btree ("title_id");--> statement-breakpoint
CREATE UNIQUE INDEX "title_rights_holders_translator_uq" ON "title_rights_holders" USING btree ("title_id","translator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "title_rights_holders_party_uq" ON "title_rights_holders" USING btree ("title_id","party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "title_rights_holders_operator_uq" ON "title_rights_holders" USING btree ("title_id") WHERE "title_rights_holders"."kind" = 'operator';--> statement-breakpoint
-- Shares of a title add up to 100 % (10000 basis points), checked at commit (ADR 050): deferred, so a replace
-- (delete then insert) in one transaction passes, and a title's record is never left without holders.
CREATE OR REPLACE FUNCTION public.title_rights_shares_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.title_id ELSE NEW.title_id END;
  total bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM title_rights WHERE title_id = t) THEN RETURN NULL; END IF;
  SELECT coalesce(sum(share_bp), 0) INTO total FROM title_rights_holders WHERE title_id = t;
  IF total <> 10000 THEN
    RAISE EXCEPTION 'rights shares of title % add up to % basis points, not 10000', t, total
      USING ERRCODE = '23514', CONSTRAINT = 'title_rights_shares_total';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER title_rights_shares_check AFTER INSERT OR UPDATE OR DELETE ON title_rights_holders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.title_rights_shares_check();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER title_rights_shares_check_title AFTER INSERT ON title_rights
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.title_rights_shares_check();--> statement-breakpoint
-- A removed translator leaves its holder row (translator_id null) and flags the record for review.
CREATE OR REPLACE FUNCTION public.title_rights_holder_orphaned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE title_rights SET needs_review = true WHERE title_id = NEW.title_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER title_rights_holder_orphaned AFTER UPDATE OF translator_id ON title_rights_holders
  FOR EACH ROW WHEN (OLD.translator_id IS NOT NULL AND NEW.translator_id IS NULL) EXECUTE FUNCTION public.title_rights_holder_orphaned();--> statement-breakpoint
-- Every new movie or series gets the default record (ADR 050): its translator, else the operator, as sole holder;
-- licence from its creation, no end, every country. Admin create routes and `movie import` replace it in the same
-- request when holders or a licence are given.
CREATE OR REPLACE FUNCTION public.title_rights_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'movies' THEN
    INSERT INTO title_rights (title_id, movie_id, licence_start) VALUES (NEW.id, NEW.id, NEW.created_at);
  ELSE
    INSERT INTO title_rights (title_id, series_id, licence_start) VALUES (NEW.id, NEW.id, NEW.created_at);
  END IF;
  INSERT INTO title_rights_holders (title_id, kind, translator_id, share_bp)
    VALUES (NEW.id, CASE WHEN NEW.translator_id IS NULL THEN 'operator' ELSE 'translator' END, NEW.translator_id, 10000);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER movies_title_rights_default AFTER INSERT ON movies FOR EACH ROW EXECUTE FUNCTION public.title_rights_default();--> statement-breakpoint
CREATE TRIGGER series_title_rights_default AFTER INSERT ON series FOR EACH ROW EXECUTE FUNCTION public.title_rights_default();--> statement-breakpoint
-- Titles imported before this change (ADR 050 "Titles that existed before"): the operator as sole holder, licence
-- from the title's creation, no end, every country, flagged for review. They keep playing.
WITH made AS (
  INSERT INTO title_rights (title_id, movie_id, series_id, licence_start, needs_review)
    SELECT id, id, NULL::uuid, created_at, true FROM movies
    UNION ALL SELECT id, NULL::uuid, id, created_at, true FROM series
  ON CONFLICT DO NOTHING RETURNING title_id
)
INSERT INTO title_rights_holders (title_id, kind, share_bp) SELECT title_id, 'operator', 10000 FROM made;
