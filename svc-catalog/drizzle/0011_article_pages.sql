CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;--> statement-breakpoint
CREATE TABLE "catalog"."article_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"zoom_url" text,
	"alt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_photos_position_range" CHECK ("catalog"."article_photos"."position" >= 0)
);--> statement-breakpoint
CREATE TABLE "catalog"."article_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "catalog"."articles" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."articles" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."articles" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog"."articles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_slug_idx" ON "catalog"."articles" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "catalog"."article_photos" ADD CONSTRAINT "article_photos_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "catalog"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog"."article_slugs" ADD CONSTRAINT "article_slugs_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "catalog"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change): this wrapper names the dictionary, so indexes and the
-- search documents may use it (docs/decisions/0051-article-pages-and-search.md).
CREATE OR REPLACE FUNCTION catalog.immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- A title as an address: lower case, accents dropped, & as "e", anything else a dash, at most 80 characters cut
-- at a dash (docs/product/article-pages.md#addresses). Empty when the title has no letter or digit.
CREATE OR REPLACE FUNCTION catalog.slugify(value text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  s text := lower(catalog.immutable_unaccent(coalesce(value, '')));
BEGIN
  s := replace(s, '&', '-e-');
  s := btrim(regexp_replace(s, '[^a-z0-9]+', '-', 'g'), '-');
  IF length(s) > 80 THEN
    s := left(s, 81);
    s := CASE WHEN position('-' IN s) > 0 THEN regexp_replace(s, '-[^-]*$', '') ELSE left(s, 80) END;
    s := btrim(s, '-');
  END IF;
  RETURN s;
END
$$;--> statement-breakpoint
-- Whether `candidate` may not be the slug of `article`: reserved (`categoria`, the category pages' segment), or the
-- current or former slug of another article, deleted ones included (their addresses are never given to another).
CREATE OR REPLACE FUNCTION catalog.slug_taken(candidate text, article uuid) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$
    SELECT candidate = 'categoria'
      OR EXISTS (SELECT 1 FROM catalog.articles WHERE slug = candidate AND id <> article)
      OR EXISTS (SELECT 1 FROM catalog.article_slugs WHERE slug = candidate AND article_id <> article)
  $$;--> statement-breakpoint
-- The slug an article with this title gets: the title's, else with its SKU appended, else a number after that.
CREATE OR REPLACE FUNCTION catalog.article_slug(title text, sku text, article uuid) RETURNS text
  LANGUAGE plpgsql STABLE
  AS $$
DECLARE
  base text := coalesce(nullif(catalog.slugify(title), ''), 'articolo');
  with_sku text;
  n integer := 2;
BEGIN
  IF NOT catalog.slug_taken(base, article) THEN RETURN base; END IF;
  with_sku := base || coalesce('-' || nullif(catalog.slugify(sku), ''), '');
  IF with_sku <> base AND NOT catalog.slug_taken(with_sku, article) THEN RETURN with_sku; END IF;
  WHILE catalog.slug_taken(with_sku || '-' || n, article) LOOP
    n := n + 1;
  END LOOP;
  RETURN with_sku || '-' || n;
END
$$;--> statement-breakpoint
-- The Italian words of an article's attributes, beside their raw values, so "italiano", "near mint", "psa 10" or
-- "1:18" find it (docs/product/article-pages.md#search).
CREATE OR REPLACE FUNCTION catalog.attribute_words(a jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT concat_ws(' ',
      CASE a->>'condition'
        WHEN 'mint' THEN 'mint mt perfetta'
        WHEN 'near_mint' THEN 'near mint nm near_mint'
        WHEN 'excellent' THEN 'excellent eccellente'
        WHEN 'good' THEN 'good buona gd'
        WHEN 'light_played' THEN 'light played lp light_played'
        WHEN 'played' THEN 'played giocata pl'
        WHEN 'poor' THEN 'poor scarsa po'
      END,
      CASE a->>'language'
        WHEN 'it' THEN 'italiano italiana ita'
        WHEN 'en' THEN 'inglese english eng'
        WHEN 'ja' THEN 'giapponese japanese jpn'
        WHEN 'de' THEN 'tedesco tedesca deutsch'
        WHEN 'fr' THEN 'francese french'
        WHEN 'es' THEN 'spagnolo spagnola spanish'
        WHEN 'pt' THEN 'portoghese portuguese'
        WHEN 'ko' THEN 'coreano coreana korean'
        WHEN 'zh' THEN 'cinese chinese'
      END,
      a->>'edition',
      CASE WHEN a->>'grader' IS NOT NULL THEN
        concat_ws(' ', 'gradata graded', a->>'grader', a->>'grade', a->>'certificate_number')
      END,
      CASE WHEN a->>'scale' IS NOT NULL THEN 'scala ' || (a->>'scale') END,
      a->>'maker',
      CASE WHEN a->>'size' IS NOT NULL THEN 'taglia ' || (a->>'size') END,
      CASE WHEN a->>'replica_scale' IS NOT NULL THEN 'replica scala ' || (a->>'replica_scale') END
    )
  $$;--> statement-breakpoint
-- Keeps an article's slug (a title change makes a new one and keeps the old one in article_slugs) and its search
-- documents, whoever writes the row.
CREATE OR REPLACE FUNCTION catalog.articles_document() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  codes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.slug IS NULL OR NEW.slug = '' THEN
      NEW.slug := catalog.article_slug(NEW.title, NEW.sku, NEW.id);
    END IF;
  ELSIF NEW.slug = '' OR NEW.title IS DISTINCT FROM OLD.title THEN
    NEW.slug := catalog.article_slug(NEW.title, NEW.sku, NEW.id);
    IF OLD.slug <> '' AND OLD.slug <> NEW.slug THEN
      INSERT INTO catalog.article_slugs (slug, article_id) VALUES (OLD.slug, NEW.id) ON CONFLICT (slug) DO NOTHING;
    END IF;
    DELETE FROM catalog.article_slugs WHERE slug = NEW.slug AND article_id = NEW.id;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.search_text = ''
    OR (NEW.title, NEW.sku, NEW.ean, NEW.category, NEW.description, NEW.attributes)
      IS DISTINCT FROM (OLD.title, OLD.sku, OLD.ean, OLD.category, OLD.description, OLD.attributes) THEN
    codes := concat_ws(' ', NEW.sku, NEW.ean, NEW.category, catalog.attribute_words(NEW.attributes));
    NEW.search_text := ' ' || btrim(regexp_replace(
      lower(catalog.immutable_unaccent(NEW.title || ' ' || codes)), '\s+', ' ', 'g')) || ' ';
    NEW.search_vector :=
      setweight(to_tsvector('italian', catalog.immutable_unaccent(NEW.title)), 'A')
      || setweight(to_tsvector('italian', catalog.immutable_unaccent(codes)), 'B')
      || setweight(to_tsvector('italian', catalog.immutable_unaccent(NEW.description)), 'C');
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER articles_document BEFORE INSERT OR UPDATE ON catalog.articles
  FOR EACH ROW EXECUTE FUNCTION catalog.articles_document();--> statement-breakpoint
-- Existing articles get their slug in the order they were created (the older keeps the plain title's), and their
-- search documents.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id FROM catalog.articles ORDER BY created_at, id LOOP
    UPDATE catalog.articles SET slug = '', search_text = '' WHERE id = r.id;
  END LOOP;
END
$$;--> statement-breakpoint
-- Each existing photo becomes its article's first, described by the title.
INSERT INTO catalog.article_photos (article_id, position, url, zoom_url, alt)
  SELECT id, 0, photo_url, NULL, title FROM catalog.articles WHERE photo_url IS NOT NULL;--> statement-breakpoint
-- Checked at commit: a reorder may give two photos the same position on its way.
ALTER TABLE catalog.article_photos ADD CONSTRAINT article_photos_position_unique
  UNIQUE (article_id, position) DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_live_idx" ON "catalog"."articles" USING btree ("slug") WHERE "catalog"."articles"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_certificate_live_idx" ON "catalog"."articles" USING btree (("attributes"->>'grader'),("attributes"->>'certificate_number')) WHERE "catalog"."articles"."deleted_at" is null and ("catalog"."articles"."attributes"->>'grader') is not null and ("catalog"."articles"."attributes"->>'certificate_number') is not null;--> statement-breakpoint
CREATE INDEX "articles_search_vector_idx" ON "catalog"."articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "articles_search_text_idx" ON "catalog"."articles" USING gin ("search_text" gin_trgm_ops);
