ALTER TABLE "episodes" ADD COLUMN "pending_video_id" uuid;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "pending_video_id" uuid;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_pending_video_id_video_assets_id_fk" FOREIGN KEY ("pending_video_id") REFERENCES "public"."video_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_pending_video_id_video_assets_id_fk" FOREIGN KEY ("pending_video_id") REFERENCES "public"."video_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episodes_pending_video_id_idx" ON "episodes" USING btree ("pending_video_id");--> statement-breakpoint
CREATE INDEX "movies_pending_video_id_idx" ON "movies" USING btree ("pending_video_id");