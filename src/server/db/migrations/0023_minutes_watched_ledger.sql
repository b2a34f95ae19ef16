CREATE TABLE "viewing_minutes" (
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"seconds_mask" bigint NOT NULL,
	"seconds" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewing_minutes_user_id_item_id_minute_pk" PRIMARY KEY("user_id","item_id","minute"),
	CONSTRAINT "viewing_minutes_seconds_range" CHECK ("viewing_minutes"."seconds" between 1 and 60),
	CONSTRAINT "viewing_minutes_mask_range" CHECK ("viewing_minutes"."seconds_mask" > 0 and "viewing_minutes"."seconds_mask" < (1::bigint << 60)),
	CONSTRAINT "viewing_minutes_minute_whole" CHECK (date_trunc('minute', "viewing_minutes"."minute") = "viewing_minutes"."minute")
);
--> statement-breakpoint
CREATE TABLE "viewing_session_marks" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"video_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title_id" uuid NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "viewing_session_marks" ADD CONSTRAINT "viewing_session_marks_session_id_playback_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."playback_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewing_minutes_title_idx" ON "viewing_minutes" USING btree ("title_id","minute");--> statement-breakpoint
CREATE INDEX "viewing_minutes_minute_idx" ON "viewing_minutes" USING btree ("minute");