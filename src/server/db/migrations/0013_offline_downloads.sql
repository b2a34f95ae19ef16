CREATE TABLE "offline_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"video_id" uuid NOT NULL,
	"movie_id" uuid,
	"part_id" uuid,
	"episode_id" uuid,
	"rendition" text NOT NULL,
	"key_base64" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"last_license_at" timestamp with time zone,
	CONSTRAINT "offline_downloads_key_length" CHECK (length("offline_downloads"."key_base64") = 24)
);
--> statement-breakpoint
ALTER TABLE "offline_downloads" ADD CONSTRAINT "offline_downloads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_downloads" ADD CONSTRAINT "offline_downloads_video_id_video_assets_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_downloads" ADD CONSTRAINT "offline_downloads_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_downloads" ADD CONSTRAINT "offline_downloads_part_id_movie_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."movie_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_downloads" ADD CONSTRAINT "offline_downloads_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_downloads_user_idx" ON "offline_downloads" USING btree ("user_id","created_at") WHERE "offline_downloads"."deleted_at" is null;
