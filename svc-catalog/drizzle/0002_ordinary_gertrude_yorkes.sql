CREATE TABLE "catalog"."review_votes" (
	"review_id" uuid NOT NULL,
	"voter" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_voter_pk" PRIMARY KEY("review_id","voter")
);
--> statement-breakpoint
CREATE TABLE "catalog"."reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"order_id" text,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"comment" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"is_verified_purchase" boolean DEFAULT false NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"reply_text" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("catalog"."reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_helpful_not_negative" CHECK ("catalog"."reviews"."helpful_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "catalog"."settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page" text NOT NULL,
	"page_title" text,
	"referrer" text,
	"session_id" text NOT NULL,
	"country_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog"."articles" DROP CONSTRAINT "articles_sku_unique";--> statement-breakpoint
ALTER TABLE "catalog"."articles" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog"."review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "catalog"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog"."reviews" ADD CONSTRAINT "reviews_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "catalog"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_article_idx" ON "catalog"."reviews" USING btree ("article_id","approved","created_at");--> statement-breakpoint
CREATE INDEX "reviews_approved_idx" ON "catalog"."reviews" USING btree ("approved","created_at");--> statement-breakpoint
CREATE INDEX "visits_visited_at_idx" ON "catalog"."visits" USING btree ("visited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_sku_live_idx" ON "catalog"."articles" USING btree ("sku") WHERE "catalog"."articles"."deleted_at" is null;