CREATE TYPE "public"."payment_kind" AS ENUM('pass', 'title');--> statement-breakpoint
CREATE TABLE "title_purchases" (
	"user_id" text NOT NULL,
	"movie_id" uuid NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "title_purchases_user_id_movie_id_pk" PRIMARY KEY("user_id","movie_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "plan" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "price_rwf" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" "payment_kind" DEFAULT 'pass' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "movie_id" uuid;--> statement-breakpoint
ALTER TABLE "title_purchases" ADD CONSTRAINT "title_purchases_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_purchases" ADD CONSTRAINT "title_purchases_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_purchases" ADD CONSTRAINT "title_purchases_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE set null ON UPDATE no action;