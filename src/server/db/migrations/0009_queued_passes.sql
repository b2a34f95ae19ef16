CREATE TABLE "queued_passes" (
	"user_id" text NOT NULL,
	"plan" "plan" NOT NULL,
	"seconds" bigint NOT NULL,
	"source" text DEFAULT 'payment' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queued_passes_user_id_plan_pk" PRIMARY KEY("user_id","plan"),
	CONSTRAINT "queued_passes_seconds_positive" CHECK ("queued_passes"."seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "queued_passes" ADD CONSTRAINT "queued_passes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;