DROP INDEX "catalog"."stock_movements_article_idx";--> statement-breakpoint
ALTER TABLE "catalog"."articles" ADD COLUMN "ean" text;--> statement-breakpoint
ALTER TABLE "catalog"."reservations" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."reservations" ADD COLUMN "username" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."stock_movements" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "catalog"."stock_movements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "catalog"."stock_movements" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "catalog"."stock_movements" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "catalog"."stock_movements" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "catalog"."stock_movements" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE INDEX "articles_sku_lower_idx" ON "catalog"."articles" USING btree (lower("sku")) WHERE "catalog"."articles"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_ean_live_idx" ON "catalog"."articles" USING btree ("ean") WHERE "catalog"."articles"."deleted_at" is null and "catalog"."articles"."ean" is not null;--> statement-breakpoint
CREATE INDEX "reservations_held_lines_idx" ON "catalog"."reservations" USING gin ("lines" jsonb_path_ops) WHERE "catalog"."reservations"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_idempotency_key_idx" ON "catalog"."stock_movements" USING btree ("idempotency_key") WHERE "catalog"."stock_movements"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_article_idx" ON "catalog"."stock_movements" USING btree ("article_id","seq");--> statement-breakpoint
ALTER TABLE "catalog"."stock_movements" ADD CONSTRAINT "stock_movements_reason_known" CHECK (reason in ('received', 'correction', 'damaged', 'sale', 'release', 'return'));--> statement-breakpoint
ALTER TABLE "catalog"."stock_movements" ADD CONSTRAINT "stock_movements_channel_known" CHECK (channel is null or channel in ('web', 'counter', 'ebay', 'subito', 'other'));--> statement-breakpoint
ALTER TABLE "catalog"."stock_movements" ADD CONSTRAINT "stock_movements_stock_after_not_negative" CHECK ("catalog"."stock_movements"."stock_after" >= 0);