CREATE TABLE "channels"."ebay_account" (
	"id" text PRIMARY KEY DEFAULT 'ebay' NOT NULL,
	"username" text,
	"refresh_token_enc" text,
	"refresh_token_expires_at" timestamp with time zone,
	"access_token_enc" text,
	"access_token_expires_at" timestamp with time zone,
	"token_expired" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone,
	"location_ready" boolean DEFAULT false NOT NULL,
	"last_reached_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_orders_read_at" timestamp with time zone,
	"orders_cursor" timestamp with time zone,
	"sync_paused_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channels"."ebay_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"last_modified_at" timestamp with time zone NOT NULL,
	"shop_order_id" text,
	"imported_at" timestamp with time zone,
	"stock_conflict" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"problem" text,
	"line_items" jsonb NOT NULL,
	"tracking_number" text,
	"tracking_sent_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels"."ebay_listings" (
	"article_id" text PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"ean" text,
	"unit_gross_cents" integer NOT NULL,
	"quantity_stock" integer NOT NULL,
	"active" boolean NOT NULL,
	"photo_urls" jsonb NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"enabled" boolean NOT NULL,
	"price_cents" integer,
	"buffer" integer DEFAULT 0 NOT NULL,
	"offer_id" text,
	"listing_id" text,
	"state" text DEFAULT 'not_listed' NOT NULL,
	"quantity_sent" integer,
	"price_sent_cents" integer,
	"quantity_dirty" boolean DEFAULT false NOT NULL,
	"content_dirty" boolean DEFAULT false NOT NULL,
	"change_seq" integer DEFAULT 0 NOT NULL,
	"error" text,
	"report_revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels"."ebay_oauth_states" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"staff_user" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channels"."ebay_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"checked" integer DEFAULT 0 NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "ebay_orders_shop_order_idx" ON "channels"."ebay_orders" USING btree ("shop_order_id");--> statement-breakpoint
CREATE INDEX "ebay_listings_dirty_idx" ON "channels"."ebay_listings" USING btree ("state","quantity_dirty");--> statement-breakpoint
CREATE INDEX "ebay_listings_sku_idx" ON "channels"."ebay_listings" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "ebay_reconciliations_started_idx" ON "channels"."ebay_reconciliations" USING btree ("started_at");