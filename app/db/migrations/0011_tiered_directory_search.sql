-- The directory's search in tiers (ADR 0040): the narrow directory_search table gets its
-- document's name part (weight A) and card part (name, summary and city: A and B) as generated
-- columns, each with a GIN index, and a B-tree on institution_id that carries both and the
-- trigram search_text, so the bounded walks of a common term's tiers read the index alone.
-- Written from `npm run db:generate`, then by hand: both columns in one ALTER (one rewrite of the
-- table), the INCLUDE index (Drizzle cannot declare INCLUDE) and fresh statistics for the
-- planner, which chooses each tier's walk or bitmap from them.
ALTER TABLE "directory_search" ADD COLUMN "name_document" "tsvector" GENERATED ALWAYS AS (ts_filter("directory_search"."document", '{a}')) STORED,
ADD COLUMN "card_document" "tsvector" GENERATED ALWAYS AS (ts_filter("directory_search"."document", '{a,b}')) STORED;--> statement-breakpoint
CREATE INDEX "directory_search_name_document_idx" ON "directory_search" USING gin ("name_document") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "directory_search_card_document_idx" ON "directory_search" USING gin ("card_document") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "directory_search_walk_idx" ON "directory_search" USING btree ("institution_id") INCLUDE ("name_document", "card_document", "search_text");--> statement-breakpoint
ANALYZE "directory_search";
