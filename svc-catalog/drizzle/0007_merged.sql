CREATE TABLE "catalog"."stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"stock_after" integer NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog"."articles" ADD COLUMN "low_stock_threshold" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."articles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."reviews" ADD COLUMN "language" text DEFAULT 'it' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."stock_movements" ADD CONSTRAINT "stock_movements_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "catalog"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_article_idx" ON "catalog"."stock_movements" USING btree ("article_id","created_at");