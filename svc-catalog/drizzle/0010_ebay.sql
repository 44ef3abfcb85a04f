CREATE TABLE "catalog"."ebay_listings" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"price_cents" integer,
	"buffer" integer DEFAULT 0 NOT NULL,
	"settings_updated_at" timestamp with time zone,
	"settings_updated_by" text,
	"state" text DEFAULT 'not_listed' NOT NULL,
	"listing_revision" integer,
	"listing_id" text,
	"listing_url" text,
	"quantity" integer,
	"error" text,
	"reported_at" timestamp with time zone,
	CONSTRAINT "ebay_listings_price_positive" CHECK ("catalog"."ebay_listings"."price_cents" is null or "catalog"."ebay_listings"."price_cents" > 0),
	CONSTRAINT "ebay_listings_buffer_not_negative" CHECK ("catalog"."ebay_listings"."buffer" >= 0),
	CONSTRAINT "ebay_listings_state_known" CHECK (state in ('not_listed', 'pending', 'listed', 'ended', 'error'))
);
--> statement-breakpoint
ALTER TABLE "catalog"."articles" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."ebay_listings" ADD CONSTRAINT "ebay_listings_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "catalog"."articles"("id") ON DELETE no action ON UPDATE no action;