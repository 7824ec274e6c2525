-- Portuguese full-text search (ADR 0028): institutions and events get a weighted, unaccented
-- tsvector of name (A), summary or resume and city (B) and about (C), generated and stored; the
-- narrow directory_search table copies the institutions' one (kept by its trigger, migration
-- 0005), each with a GIN index. Events get their format (in person, online or both), existing
-- events being in person. Written from `npm run db:generate`, then by hand: the copy is filled
-- before it becomes NOT NULL, and the trigger also follows the about text.
ALTER TABLE "institutions" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portuguese'::regconfig, immutable_unaccent("institutions"."name")), 'A') || setweight(to_tsvector('portuguese'::regconfig, immutable_unaccent("institutions"."summary" || ' ' || "institutions"."city")), 'B') || setweight(to_tsvector('portuguese'::regconfig, immutable_unaccent("institutions"."about")), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "directory_search" ADD COLUMN "document" "tsvector";--> statement-breakpoint
UPDATE "directory_search" SET "document" = "institutions"."search_document"
FROM "institutions" WHERE "institutions"."user_id" = "directory_search"."institution_id";--> statement-breakpoint
ALTER TABLE "directory_search" ALTER COLUMN "document" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "directory_search_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "directory_search" WHERE "institution_id" = OLD."user_id";
  END IF;
  IF NEW."status" = 'APPROVED' THEN
    INSERT INTO "directory_search" ("institution_id", "name", "search_text", "document")
    VALUES (NEW."user_id", NEW."name", NEW."search_text", NEW."search_document");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "institutions_directory_search_update" ON "institutions";--> statement-breakpoint
CREATE TRIGGER "institutions_directory_search_update" AFTER UPDATE ON "institutions"
FOR EACH ROW WHEN (
  OLD."status" IS DISTINCT FROM NEW."status"
  OR OLD."name" IS DISTINCT FROM NEW."name"
  OR OLD."search_text" IS DISTINCT FROM NEW."search_text"
  OR OLD."search_document" IS DISTINCT FROM NEW."search_document"
  OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
) EXECUTE FUNCTION "directory_search_follow"();--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "format" text DEFAULT 'PRESENCIAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_format_check" CHECK ("events"."format" in ('PRESENCIAL', 'ONLINE', 'HIBRIDO'));--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portuguese'::regconfig, immutable_unaccent("events"."name")), 'A') || setweight(to_tsvector('portuguese'::regconfig, immutable_unaccent("events"."resume" || ' ' || "events"."city")), 'B') || setweight(to_tsvector('portuguese'::regconfig, immutable_unaccent("events"."about")), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "directory_search_document_idx" ON "directory_search" USING gin ("document") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "events_search_document_idx" ON "events" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "institutions_search_document_idx" ON "institutions" USING gin ("search_document") WHERE "institutions"."status" = 'APPROVED';
