CREATE TABLE "orders"."password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account" text NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders"."staff_users" ADD COLUMN "email" text;--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_idx" ON "orders"."password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_account_idx" ON "orders"."password_resets" USING btree ("account","account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_idx" ON "orders"."staff_users" USING btree (lower("email"));