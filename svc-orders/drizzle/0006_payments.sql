ALTER TABLE "orders"."orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "refunded_cents" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key_idx" ON "orders"."orders" USING btree ("idempotency_key");