CREATE TABLE "catalog"."search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The search vector's index again, without the pending list (fastupdate): PGlite has no autovacuum to merge it,
-- and every search would read the whole list (docs/decisions/0051-article-pages-and-search.md).
DROP INDEX "catalog"."articles_search_vector_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "catalog"."search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "catalog"."search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "articles_search_vector_idx" ON "catalog"."articles" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
-- The words of a search document as the lexicon holds them: unaccented, lower case, split at anything that is not
-- a letter or a digit ("1:18" gives "1" and "18"), each once (docs/decisions/0051-article-pages-and-search.md).
CREATE OR REPLACE FUNCTION catalog.document_words(document text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT DISTINCT w FROM regexp_split_to_table(lower(catalog.immutable_unaccent(document)), '[^[:alnum:]]+') AS w
    WHERE w <> ''
  $$;--> statement-breakpoint
-- Adds the words of a search document the lexicon lacks, but neither the Italian stop words ("di", "con"), never
-- searched, nor numbers (an EAN, a SKU's digits: one per article), never taken for typos
-- (docs/product/article-pages.md#search).
CREATE OR REPLACE FUNCTION catalog.add_search_words(document text) RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
    INSERT INTO catalog.search_words (word)
      SELECT w FROM (
        SELECT w FROM catalog.document_words(document) AS w
        WHERE w !~ '^[0-9]+$' AND NOT EXISTS (SELECT 1 FROM catalog.search_words s WHERE s.word = w)
        OFFSET 0
      ) AS new_words
      WHERE numnode(plainto_tsquery('italian', w)) > 0
      ON CONFLICT (word) DO NOTHING
  $$;--> statement-breakpoint
-- As in 0011, and the document's words go to the lexicon.
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
    PERFORM catalog.add_search_words(NEW.search_text || ' ' || NEW.description);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The existing articles' words.
SELECT catalog.add_search_words(string_agg(search_text || ' ' || description, ' ')) FROM catalog.articles;
