CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"holder_key" text NOT NULL,
	"holder_name" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"carried_in" bigint DEFAULT 0 NOT NULL,
	"msisdn" text,
	"country" text,
	"provider" text,
	"status" text NOT NULL,
	"reason" text,
	"operator_transaction_id" text,
	"superseded_by" uuid,
	"carried_into" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_month" CHECK ("payouts"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount" > 0 and "payouts"."carried_in" >= 0 and "payouts"."carried_in" <= "payouts"."amount"),
	CONSTRAINT "payouts_sent" CHECK ("payouts"."status" = 'carried' or ("payouts"."msisdn" is not null and "payouts"."country" is not null and "payouts"."provider" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_live_uq" ON "payouts" USING btree ("month","holder_key","currency") WHERE "payouts"."status" in ('created', 'accepted', 'successful');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_current_uq" ON "payouts" USING btree ("month","holder_key","currency") WHERE "payouts"."superseded_by" is null;--> statement-breakpoint
CREATE INDEX "payouts_month_idx" ON "payouts" USING btree ("month","status");--> statement-breakpoint
CREATE INDEX "payouts_open_carry_idx" ON "payouts" USING btree ("holder_key","currency") WHERE "payouts"."status" = 'carried' and "payouts"."carried_into" is null and "payouts"."superseded_by" is null;