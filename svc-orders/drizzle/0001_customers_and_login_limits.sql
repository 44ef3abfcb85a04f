CREATE TABLE "orders"."customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"telefono" text NOT NULL,
	"tipo_cliente" text NOT NULL,
	"dati_privato" jsonb,
	"dati_azienda" jsonb,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"cap" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"address" text NOT NULL,
	"account" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_cents" integer NOT NULL,
	"payment_method" text NOT NULL,
	"items" jsonb NOT NULL,
	"customer_info" jsonb NOT NULL,
	"tracking_number" text,
	"packlink_data" jsonb,
	"order_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "orders"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_idx" ON "orders"."customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "orders"."login_failures" USING btree ("scope","address","account","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "orders"."login_failures" USING btree ("address","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_failed_at_idx" ON "orders"."login_failures" USING btree ("failed_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders"."orders" USING btree ("customer_id","created_at");