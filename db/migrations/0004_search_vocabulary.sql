CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "products_search_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "products_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(array_remove(string_to_array(search_text, ' ') || regexp_split_to_array(search_text, '[ -]+'), ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
UPDATE "categories" SET "products_count" = (SELECT count(*) FROM "products" WHERE "products"."category_id" = "categories"."id");--> statement-breakpoint
INSERT INTO "search_terms" ("term") SELECT DISTINCT "term" FROM (SELECT unnest(tsvector_to_array("search_vector")) AS "term" FROM "products") AS "words" WHERE "term" !~ '[0-9]' ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "products_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_terms" ("term") SELECT DISTINCT "term" FROM (SELECT unnest(tsvector_to_array("search_vector")) AS "term" FROM "new_rows") AS "words"
		WHERE "term" !~ '[0-9]' ON CONFLICT DO NOTHING;
	UPDATE "categories" SET "products_count" = "categories"."products_count" + "added"."n"
		FROM (SELECT "category_id", count(*) AS "n" FROM "new_rows" GROUP BY "category_id") AS "added" WHERE "categories"."id" = "added"."category_id";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "products_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Most updates are stock and prices: they leave the words and the category alone, and take no lock here.
	IF EXISTS (SELECT 1 FROM "new_rows" JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id" WHERE "old_rows"."search_text" <> "new_rows"."search_text") THEN
		INSERT INTO "search_terms" ("term") SELECT DISTINCT "term" FROM (
				SELECT unnest(tsvector_to_array("new_rows"."search_vector")) AS "term"
				FROM "new_rows" JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id" WHERE "old_rows"."search_text" <> "new_rows"."search_text"
			) AS "words" WHERE "term" !~ '[0-9]' ON CONFLICT DO NOTHING;
	END IF;
	IF NOT EXISTS (SELECT 1 FROM "new_rows" JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id" WHERE "old_rows"."category_id" <> "new_rows"."category_id") THEN
		RETURN NULL;
	END IF;
	UPDATE "categories" SET "products_count" = "categories"."products_count" + "moved"."n"
		FROM (
			SELECT "category_id", sum("n") AS "n" FROM (
				SELECT "category_id", 1 AS "n" FROM "new_rows" UNION ALL SELECT "category_id", -1 FROM "old_rows"
			) AS "both" GROUP BY "category_id" HAVING sum("n") <> 0
		) AS "moved" WHERE "categories"."id" = "moved"."category_id";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "products_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "categories" SET "products_count" = "categories"."products_count" - "removed"."n"
		FROM (SELECT "category_id", count(*) AS "n" FROM "old_rows" GROUP BY "category_id") AS "removed" WHERE "categories"."id" = "removed"."category_id";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_after_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "products_after_insert"();--> statement-breakpoint
CREATE TRIGGER "products_after_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "products_after_update"();--> statement-breakpoint
CREATE TRIGGER "products_after_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "products_after_delete"();--> statement-breakpoint
ANALYZE "products";
