-- The playable rule of migration 0015, unchanged, now looked up from the item's movies by their display key
-- (movies_display_key_idx) in every case. The planner had been free to start from the ready videos instead, walking
-- every movie of a video shared by many (the seed's placeholder, or any shared asset) for each row a trigger
-- refreshed: 2.5 ms a row at 20,000 movies and growing with the table, so a bulk update of 100,000 movies ran for
-- minutes. A loop over the item's own movies (at most a group's parts) reads each one's video by primary key, so its
-- cost no longer depends on the plan or on statistics (docs/decisions/036-catalogue-at-100k-titles.md).
CREATE OR REPLACE FUNCTION catalog_item_playable(item_key text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
  member record;
BEGIN
  IF left(item_key, 2) = 's:' THEN
    RETURN EXISTS (
      SELECT 1 FROM seasons pse JOIN episodes pe ON pe.season_id = pse.id JOIN video_assets pv ON pv.id = pe.video_id
      WHERE pse.series_id = substr(item_key, 3)::uuid AND pv.status = 'ready');
  END IF;
  -- Only the display key in the WHERE: with `video_id IS NOT NULL` beside it, stale statistics (every video_id null
  -- when last analysed) made the planner walk movies_video_id_idx instead.
  FOR member IN SELECT pm.id, pm.video_id FROM movies pm WHERE pm.display_key = item_key LOOP
    IF member.video_id IS NOT NULL AND EXISTS (SELECT 1 FROM video_assets pv WHERE pv.id = member.video_id AND pv.status = 'ready')
      AND NOT EXISTS (SELECT 1 FROM movie_parts pmp WHERE pmp.video_id = member.video_id AND pmp.movie_id <> member.id) THEN
      RETURN true;
    END IF;
  END LOOP;
  RETURN false;
END $$;
