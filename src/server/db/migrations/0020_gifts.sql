CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid,
	"giver_id" text,
	"plan" "plan" NOT NULL,
	"recipient_email" text,
	"recipient_msisdn" text,
	"language" text DEFAULT 'en' NOT NULL,
	"code_hash" text NOT NULL,
	"code_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "gifts_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "gifts_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gifts_one_recipient" CHECK (num_nonnulls("gifts"."recipient_email", "gifts"."recipient_msisdn") = 1)
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_giver_id_user_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_claimed_by_user_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_giver_idx" ON "gifts" USING btree ("giver_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_claimed_by_idx" ON "gifts" USING btree ("claimed_by");