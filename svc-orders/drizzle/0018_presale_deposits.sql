CREATE TABLE "orders"."presale_arrivals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"arrived_on" text NOT NULL,
	"allocated_orders" integer DEFAULT 0 NOT NULL,
	"free_units" integer DEFAULT 0 NOT NULL,
	"recorded_by_id" uuid,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "presale_article_id" uuid;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "presale_state" text;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "deposit_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "allocated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "balance_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "short_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "deposit_invoice" jsonb;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "deposit_kept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "presale_arrivals_article_idx" ON "orders"."presale_arrivals" USING btree ("article_id","recorded_at");--> statement-breakpoint
CREATE INDEX "orders_presale_idx" ON "orders"."orders" USING btree ("presale_article_id","presale_state","created_at") WHERE "orders"."orders"."presale_article_id" is not null;