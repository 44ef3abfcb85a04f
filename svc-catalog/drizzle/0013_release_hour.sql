ALTER TABLE "catalog"."articles" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog"."articles" ADD COLUMN "max_per_buyer" integer;--> statement-breakpoint
ALTER TABLE "catalog"."reservations" ADD COLUMN "buyer" text;--> statement-breakpoint
CREATE INDEX "reservations_held_buyer_idx" ON "catalog"."reservations" USING btree ("buyer") WHERE "catalog"."reservations"."released_at" is null and "catalog"."reservations"."buyer" is not null;--> statement-breakpoint
ALTER TABLE "catalog"."articles" ADD CONSTRAINT "articles_max_per_buyer_positive" CHECK ("catalog"."articles"."max_per_buyer" is null or "catalog"."articles"."max_per_buyer" > 0);