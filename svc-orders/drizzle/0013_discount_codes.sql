CREATE TABLE "orders"."discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"min_total_cents" integer,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"starts_on" text,
	"ends_on" text,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"article_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."discount_uses" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"discount_id" uuid NOT NULL,
	"email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."discount_uses" ADD CONSTRAINT "discount_uses_discount_id_discount_codes_id_fk" FOREIGN KEY ("discount_id") REFERENCES "orders"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "orders"."discount_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "discount_uses_code_email_idx" ON "orders"."discount_uses" USING btree ("discount_id","email");