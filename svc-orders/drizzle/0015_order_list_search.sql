-- The list's search text gains the phone's digits and the invoice's company name, P.IVA and codici fiscali
-- (docs/decisions/0061-order-list-work.md). Dropping the column drops orders_list_idx, which holds it: made again.
ALTER TABLE "orders"."orders" drop column "search_text";--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(customer_info->>'name', '') || ' ' || coalesce(customer_info->>'email', '') || ' ' || regexp_replace(coalesce(customer_info->>'phone', ''), '[^0-9]', '', 'g') || ' ' || coalesce(invoice_data->>'ragione_sociale', '') || ' ' || coalesce(invoice_data->>'piva', '') || ' ' || coalesce(invoice_data->>'codice_fiscale', '') || ' ' || coalesce(invoice_data->>'codice_fiscale_azienda', ''))) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "orders"."orders_list_idx";--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders"."orders" USING btree ("created_at","id","status","payment_status","payment_method","payment_demo","total_cents","refunded_cents","search_text");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders"."orders" USING btree ("updated_at");
