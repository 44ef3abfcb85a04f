CREATE TABLE "orders"."order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by_id" uuid,
	"changed_by" text,
	"tracking_number" text,
	"order_version" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."shipping_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"zone" text DEFAULT 'national' NOT NULL,
	"country" text,
	"rule_type" text DEFAULT 'amount_based' NOT NULL,
	"min_amount_cents" integer,
	"max_amount_cents" integer,
	"shipping_cost_cents" integer,
	"free_shipping_threshold_cents" integer,
	"base_shipping_cost_cents" integer,
	"quantity_threshold" integer,
	"quantity_increment_cost_cents" integer,
	"max_quantity_cost_cents" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "order_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "shipping_country" text DEFAULT 'IT' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "payment_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "packlink_shipment_id" text;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "invoice_data" jsonb;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "orders"."order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "shipping_rules_zone_idx" ON "orders"."shipping_rules" USING btree ("zone","country");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders"."orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders"."orders" USING btree ("status","created_at");