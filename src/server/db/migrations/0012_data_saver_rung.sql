ALTER TABLE "playback_settings" ADD COLUMN "data_saver_max_height" integer;--> statement-breakpoint
ALTER TABLE "playback_settings" ADD CONSTRAINT "playback_settings_data_saver_max_height_check" CHECK ("playback_settings"."data_saver_max_height" in (144, 240));
