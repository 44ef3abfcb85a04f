ALTER TABLE "orders"."orders" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "stock_conflict" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "stock_conflict_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "external_cancel_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_external_idx" ON "orders"."orders" USING btree ("channel","external_id");--> statement-breakpoint
CREATE INDEX "orders_stock_conflict_idx" ON "orders"."orders" USING btree ("created_at") WHERE "orders"."orders"."stock_conflict" and "orders"."orders"."status" <> 'cancelled';