CREATE TABLE "catalog"."purchases" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"customer_email" text NOT NULL,
	"article_ids" jsonb NOT NULL,
	"bought" boolean NOT NULL,
	"order_version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
