CREATE TABLE "orders"."counter_closures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"rt_mode" text NOT NULL,
	"state" text NOT NULL,
	"z_number" integer,
	"cashier" text NOT NULL,
	"attempt" jsonb,
	"summary" jsonb,
	"raw_request" text,
	"raw_response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders"."counter_returns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"idempotency_key" text,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"lines" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"refund_method" text NOT NULL,
	"cashier" text NOT NULL,
	"receipt" jsonb,
	"attempt" jsonb,
	"problem" text,
	"raw_request" text,
	"raw_response" text,
	"closure_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."counter_sales" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"rt_mode" text NOT NULL,
	"cashier_id" uuid NOT NULL,
	"cashier" text NOT NULL,
	"payments" jsonb NOT NULL,
	"change_cents" integer DEFAULT 0 NOT NULL,
	"price_changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"receipt" jsonb,
	"attempt" jsonb,
	"problem" text,
	"raw_request" text,
	"raw_response" text,
	"closure_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."counter_returns" ADD CONSTRAINT "counter_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."counter_sales" ADD CONSTRAINT "counter_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_returns_order_idx" ON "orders"."counter_returns" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "counter_returns_key_idx" ON "orders"."counter_returns" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "counter_returns_open_idx" ON "orders"."counter_returns" USING btree ("closure_id");--> statement-breakpoint
CREATE INDEX "counter_sales_created_idx" ON "orders"."counter_sales" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "counter_sales_open_idx" ON "orders"."counter_sales" USING btree ("closure_id","state");--> statement-breakpoint
CREATE INDEX "orders_channel_idx" ON "orders"."orders" USING btree ("channel","created_at");