CREATE TABLE "notify"."article_stock" (
	"article_id" text PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL,
	"quantity_stock" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify"."stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" text NOT NULL,
	"article_slug" text NOT NULL,
	"article_title" text NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"token_hash" text,
	"confirm_token_hash" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"consent_source" text NOT NULL,
	"consent_version" text NOT NULL,
	CONSTRAINT "stock_alerts_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "stock_alerts_confirm_token_hash_unique" UNIQUE("confirm_token_hash")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_article_email_idx" ON "notify"."stock_alerts" USING btree ("article_id","email");--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_idx" ON "notify"."stock_alerts" USING btree ("article_id","requested_at") WHERE "notify"."stock_alerts"."confirmed_at" is not null and "notify"."stock_alerts"."notified_at" is null and "notify"."stock_alerts"."unsubscribed_at" is null;