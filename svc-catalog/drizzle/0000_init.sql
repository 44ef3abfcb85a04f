CREATE SCHEMA "catalog";
--> statement-breakpoint
CREATE TABLE "catalog"."articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"product_type" text DEFAULT 'normale' NOT NULL,
	"availability_date" date,
	"price_cents" integer NOT NULL,
	"iva_percentage" integer DEFAULT 22 NOT NULL,
	"quantity_stock" integer DEFAULT 0 NOT NULL,
	"weight_kg" numeric(10, 3),
	"dimensions" text,
	"photo_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"share_facebook" boolean DEFAULT false NOT NULL,
	"share_instagram" boolean DEFAULT false NOT NULL,
	"share_whatsapp" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_sku_unique" UNIQUE("sku"),
	CONSTRAINT "articles_stock_not_negative" CHECK ("catalog"."articles"."quantity_stock" >= 0),
	CONSTRAINT "articles_price_not_negative" CHECK ("catalog"."articles"."price_cents" >= 0),
	CONSTRAINT "articles_iva_range" CHECK ("catalog"."articles"."iva_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "catalog"."dead_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "catalog"."photos" (
	"path" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."processed_events" (
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_event_id_pk" PRIMARY KEY("event_id")
);
--> statement-breakpoint
CREATE INDEX "articles_active_type_idx" ON "catalog"."articles" USING btree ("is_active","product_type");--> statement-breakpoint
CREATE INDEX "articles_category_idx" ON "catalog"."articles" USING btree (lower("category"));--> statement-breakpoint
CREATE UNIQUE INDEX "dead_letters_event_id_idx" ON "catalog"."dead_letters" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "catalog"."outbox" USING btree ("created_at") WHERE "catalog"."outbox"."published_at" is null;