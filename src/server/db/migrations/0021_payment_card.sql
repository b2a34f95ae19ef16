ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_last4_digits" CHECK ("payments"."card_last4" ~ '^[0-9]{4}$');