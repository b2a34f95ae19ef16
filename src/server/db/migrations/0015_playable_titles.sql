-- Playable state kept on the display items (docs/decisions/023-playable-titles-and-film-parts.md, amended
-- 2026-11-28; docs/decisions/036-catalogue-at-100k-titles.md). `catalog_items.playable` is what viewers are shown:
-- `catalog_item_playable(key)` is the one rule (a licence window, later, goes there too), and triggers on every table
-- it reads recompute it for the items they touch, in the writing statement's transaction, whoever writes (the app,
-- the CLI, imports, tests' fixtures). Lists then walk partial indexes of playable items in each sort order.
ALTER TABLE "catalog_items" ADD COLUMN "playable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "episodes_video_id_idx" ON "episodes" USING btree ("video_id");--> statement-breakpoint
-- PL/pgSQL, not SQL: its statements' plans are kept for the session, where an SQL function called from a trigger
-- is planned again on every row (a bulk update of 100,000 movies took minutes).
CREATE FUNCTION catalog_item_playable(item_key text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF left(item_key, 2) = 's:' THEN
    RETURN EXISTS (
      SELECT 1 FROM seasons pse JOIN episodes pe ON pe.season_id = pse.id JOIN video_assets pv ON pv.id = pe.video_id
      WHERE pse.series_id = substr(item_key, 3)::uuid AND pv.status = 'ready');
  END IF;
  RETURN EXISTS (
    SELECT 1 FROM movies pm JOIN video_assets pv ON pv.id = pm.video_id
    WHERE pm.display_key = item_key AND pv.status = 'ready'
      AND NOT EXISTS (SELECT 1 FROM movie_parts pmp WHERE pmp.video_id = pm.video_id AND pmp.movie_id <> pm.id));
END $$;--> statement-breakpoint
CREATE FUNCTION catalog_refresh_playable(item_keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  one text;
  now_playable boolean;
BEGIN
  FOR one IN SELECT DISTINCT u.k FROM unnest(item_keys) AS u(k) WHERE u.k IS NOT NULL LOOP
    now_playable := catalog_item_playable(one);
    UPDATE catalog_items SET playable = now_playable WHERE key = one AND playable IS DISTINCT FROM now_playable;
  END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION catalog_items_playable_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.playable := catalog_item_playable(NEW.key);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER catalog_items_playable_insert BEFORE INSERT ON catalog_items
  FOR EACH ROW EXECUTE FUNCTION catalog_items_playable_on_insert();--> statement-breakpoint
-- A movie's video or display item changed (a new upload, a replacement swapped in, a video deleted: ON DELETE SET NULL).
CREATE FUNCTION movies_playable_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM catalog_refresh_playable(ARRAY[NEW.display_key]);
  ELSIF TG_OP = 'DELETE' THEN PERFORM catalog_refresh_playable(ARRAY[OLD.display_key]);
  ELSE PERFORM catalog_refresh_playable(ARRAY[OLD.display_key, NEW.display_key]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER movies_playable_insert_delete AFTER INSERT OR DELETE ON movies
  FOR EACH ROW EXECUTE FUNCTION movies_playable_changed();--> statement-breakpoint
CREATE TRIGGER movies_playable_update AFTER UPDATE OF video_id, display_key ON movies
  FOR EACH ROW WHEN (OLD.video_id IS DISTINCT FROM NEW.video_id OR OLD.display_key IS DISTINCT FROM NEW.display_key)
  EXECUTE FUNCTION movies_playable_changed();--> statement-breakpoint
-- A part attached, detached or following its movie's new video: the movie holding that video is listed or not.
CREATE FUNCTION movie_parts_playable_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE vids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN vids := ARRAY[NEW.video_id];
  ELSIF TG_OP = 'DELETE' THEN vids := ARRAY[OLD.video_id];
  ELSE vids := ARRAY[OLD.video_id, NEW.video_id];
  END IF;
  PERFORM catalog_refresh_playable(ARRAY(SELECT DISTINCT display_key FROM movies WHERE video_id = ANY(vids) AND display_key IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER movie_parts_playable_insert_delete AFTER INSERT OR DELETE ON movie_parts
  FOR EACH ROW EXECUTE FUNCTION movie_parts_playable_changed();--> statement-breakpoint
CREATE TRIGGER movie_parts_playable_update AFTER UPDATE OF video_id, movie_id ON movie_parts
  FOR EACH ROW WHEN (OLD.video_id IS DISTINCT FROM NEW.video_id OR OLD.movie_id IS DISTINCT FROM NEW.movie_id)
  EXECUTE FUNCTION movie_parts_playable_changed();--> statement-breakpoint
-- An episode added, removed, moved or given another video.
CREATE FUNCTION episodes_playable_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE sids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN sids := ARRAY[NEW.season_id];
  ELSIF TG_OP = 'DELETE' THEN sids := ARRAY[OLD.season_id];
  ELSE sids := ARRAY[OLD.season_id, NEW.season_id];
  END IF;
  PERFORM catalog_refresh_playable(ARRAY(SELECT DISTINCT 's:' || series_id::text FROM seasons WHERE id = ANY(sids)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER episodes_playable_insert_delete AFTER INSERT OR DELETE ON episodes
  FOR EACH ROW EXECUTE FUNCTION episodes_playable_changed();--> statement-breakpoint
CREATE TRIGGER episodes_playable_update AFTER UPDATE OF video_id, season_id ON episodes
  FOR EACH ROW WHEN (OLD.video_id IS DISTINCT FROM NEW.video_id OR OLD.season_id IS DISTINCT FROM NEW.season_id)
  EXECUTE FUNCTION episodes_playable_changed();--> statement-breakpoint
-- A season deleted with its episodes (the episodes' own triggers no longer find it).
CREATE FUNCTION seasons_playable_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_playable(ARRAY['s:' || OLD.series_id::text]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER seasons_playable_delete AFTER DELETE ON seasons
  FOR EACH ROW EXECUTE FUNCTION seasons_playable_changed();--> statement-breakpoint
-- A video ready, failed, or back to processing: every movie and episode playing it.
CREATE FUNCTION video_assets_playable_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_playable(ARRAY(
    SELECT display_key FROM movies WHERE video_id = NEW.id AND display_key IS NOT NULL
    UNION SELECT 's:' || se.series_id::text FROM episodes e JOIN seasons se ON se.id = e.season_id WHERE e.video_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER video_assets_playable_update AFTER UPDATE OF status ON video_assets
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION video_assets_playable_changed();--> statement-breakpoint
UPDATE catalog_items SET playable = catalog_item_playable(key);--> statement-breakpoint
CREATE INDEX "catalog_items_playable_newest_idx" ON "catalog_items" USING btree ("tab","created_at" DESC NULLS LAST,"key" DESC NULLS LAST) WHERE "catalog_items"."playable";--> statement-breakpoint
CREATE INDEX "catalog_items_playable_oldest_idx" ON "catalog_items" USING btree ("tab","first_created_at","key") WHERE "catalog_items"."playable";--> statement-breakpoint
CREATE INDEX "catalog_items_playable_rating_idx" ON "catalog_items" USING btree ("tab","rating" DESC NULLS LAST,"created_at" DESC NULLS LAST,"key" DESC NULLS LAST) WHERE "catalog_items"."playable";--> statement-breakpoint
CREATE INDEX "catalog_items_playable_az_idx" ON "catalog_items" USING btree ("tab","sort_title","key") WHERE "catalog_items"."playable";--> statement-breakpoint
CREATE INDEX "catalog_items_name_trgm_gist_idx" ON "catalog_items" USING gist ("name_folded" gist_trgm_ops) WHERE "catalog_items"."playable";
