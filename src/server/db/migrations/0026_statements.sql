CREATE TABLE "statement_closes" (
	"month" text PRIMARY KEY NOT NULL,
	"platform_share_bps" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" text,
	CONSTRAINT "statement_closes_month" CHECK ("statement_closes"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"statement_id" uuid NOT NULL,
	"title_id" uuid NOT NULL,
	"title_name" text NOT NULL,
	"share_bps" integer NOT NULL,
	"seconds" bigint NOT NULL,
	"title_pass_amount" bigint NOT NULL,
	"title_purchase_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "statement_lines_statement_id_title_id_pk" PRIMARY KEY("statement_id","title_id"),
	CONSTRAINT "statement_lines_amount" CHECK ("statement_lines"."amount" >= 0 and "statement_lines"."share_bps" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "statement_months" (
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"revenue" bigint NOT NULL,
	"pass_revenue" bigint NOT NULL,
	"title_revenue" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"platform_share" bigint NOT NULL,
	"retained_no_minutes" bigint NOT NULL,
	"retained_no_holders" bigint NOT NULL,
	"unwatched_pool" bigint NOT NULL,
	"holders" bigint NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "statement_months_month_currency_pk" PRIMARY KEY("month","currency"),
	CONSTRAINT "statement_months_balance" CHECK ("statement_months"."revenue" = "statement_months"."holders" + "statement_months"."platform_share" + "statement_months"."fees" + "statement_months"."retained_no_minutes" + "statement_months"."retained_no_holders")
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"holder_id" text NOT NULL,
	"holder_kind" text NOT NULL,
	"holder_ref" uuid,
	"holder_name" text NOT NULL,
	"seconds" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_amount" CHECK ("statements"."amount" >= 0 and "statements"."seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "statement_closes" ADD CONSTRAINT "statement_closes_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_months" ADD CONSTRAINT "statement_months_month_statement_closes_month_fk" FOREIGN KEY ("month") REFERENCES "public"."statement_closes"("month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_month_statement_closes_month_fk" FOREIGN KEY ("month") REFERENCES "public"."statement_closes"("month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_lines_title_idx" ON "statement_lines" USING btree ("title_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_month_holder_uq" ON "statements" USING btree ("month","holder_id","currency");--> statement-breakpoint
CREATE INDEX "statements_holder_idx" ON "statements" USING btree ("holder_id","month");