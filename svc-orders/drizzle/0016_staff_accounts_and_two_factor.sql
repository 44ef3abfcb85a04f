CREATE TABLE "orders"."staff_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders"."staff_users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."staff_users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "orders"."staff_users" ADD COLUMN "totp_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."staff_users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "orders"."staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "orders"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_staff_idx" ON "orders"."staff_recovery_codes" USING btree ("staff_id");