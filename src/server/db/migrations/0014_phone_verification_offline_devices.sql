CREATE TABLE "verified_phones" (
	"msisdn" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_downloads" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "verified_phones" ADD CONSTRAINT "verified_phones_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verified_phones_user_idx" ON "verified_phones" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "offline_downloads_device_idx" ON "offline_downloads" USING btree ("user_id","device_id","video_id") WHERE "offline_downloads"."deleted_at" is null;