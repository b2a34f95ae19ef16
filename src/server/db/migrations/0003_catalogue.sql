CREATE TABLE "catalog_items" (
	"key" text PRIMARY KEY NOT NULL,
	"tab" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"title" text NOT NULL,
	"sort_title" text NOT NULL,
	"categories" text[] NOT NULL,
	"translator_ids" uuid[] NOT NULL,
	"rating" real NOT NULL,
	"parts_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"first_created_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL,
	"name_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, public.f_unaccent(lower(search_text)))) STORED NOT NULL,
	"name_folded" text GENERATED ALWAYS AS (public.f_unaccent(lower(name_text))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"photo_url" text,
	"bio" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translators_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "user_watchlist" DROP CONSTRAINT "user_watchlist_user_id_movie_id_pk";--> statement-breakpoint
ALTER TABLE "user_watchlist" ALTER COLUMN "movie_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "translator_id" uuid;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "base_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "part_number" integer;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "display_key" text;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "translator_id" uuid;--> statement-breakpoint
ALTER TABLE "user_watchlist" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_watchlist" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "catalog_items_newest_idx" ON "catalog_items" USING btree ("tab","created_at" DESC NULLS LAST,"key" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_items_oldest_idx" ON "catalog_items" USING btree ("tab","first_created_at","key");--> statement-breakpoint
CREATE INDEX "catalog_items_rating_idx" ON "catalog_items" USING btree ("tab","rating" DESC NULLS LAST,"created_at" DESC NULLS LAST,"key" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_items_az_idx" ON "catalog_items" USING btree ("tab","sort_title","key");--> statement-breakpoint
CREATE INDEX "catalog_items_categories_idx" ON "catalog_items" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "catalog_items_translators_idx" ON "catalog_items" USING gin ("translator_ids");--> statement-breakpoint
CREATE INDEX "catalog_items_search_idx" ON "catalog_items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "catalog_items_name_trgm_idx" ON "catalog_items" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_translator_id_translators_id_fk" FOREIGN KEY ("translator_id") REFERENCES "public"."translators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_translator_id_translators_id_fk" FOREIGN KEY ("translator_id") REFERENCES "public"."translators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_watchlist" ADD CONSTRAINT "user_watchlist_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A movie belongs to one custom group at most (ADR 007). No code path wrote groups before this migration; should a
-- database hold a movie in two groups anyway, it stays in the earliest-created one.
DELETE FROM "custom_group_movies" d USING "custom_group_movies" k, "custom_movie_groups" gd, "custom_movie_groups" gk
  WHERE d.movie_id = k.movie_id AND gd.id = d.group_id AND gk.id = k.group_id AND (gd.created_at, gd.id) > (gk.created_at, gk.id);--> statement-breakpoint
CREATE UNIQUE INDEX "custom_group_movies_movie_uq" ON "custom_group_movies" USING btree ("movie_id");--> statement-breakpoint
CREATE INDEX "movie_parts_video_id_idx" ON "movie_parts" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "movies_group_key_idx" ON "movies" USING btree ("group_key");--> statement-breakpoint
CREATE INDEX "movies_display_key_idx" ON "movies" USING btree ("display_key");--> statement-breakpoint
CREATE INDEX "movies_translator_id_idx" ON "movies" USING btree ("translator_id");--> statement-breakpoint
CREATE INDEX "user_watchlist_user_added_idx" ON "user_watchlist" USING btree ("user_id","added_at");--> statement-breakpoint
ALTER TABLE "user_watchlist" ADD CONSTRAINT "user_watchlist_user_movie_uq" UNIQUE("user_id","movie_id");--> statement-breakpoint
ALTER TABLE "user_watchlist" ADD CONSTRAINT "user_watchlist_user_series_uq" UNIQUE("user_id","series_id");--> statement-breakpoint
ALTER TABLE "user_watchlist" ADD CONSTRAINT "user_watchlist_one_title_ck" CHECK (num_nonnulls("user_watchlist"."movie_id", "user_watchlist"."series_id") = 1);