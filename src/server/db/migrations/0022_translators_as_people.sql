ALTER TYPE "public"."role" ADD VALUE 'translator';--> statement-breakpoint
ALTER TABLE "translators" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "translators" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "translators" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "translators" ADD CONSTRAINT "translators_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translators" ADD CONSTRAINT "translators_email_unique" UNIQUE("email");--> statement-breakpoint
ALTER TABLE "translators" ADD CONSTRAINT "translators_user_id_unique" UNIQUE("user_id");