-- A narrow copy of the approved institutions' names and search texts (schema.ts directorySearch)
-- with its own trigram index: a search matching few names among 100 000 reads a few hundred
-- short rows instead of walking the names in order or fetching wide institution rows
-- (docs/benchmarks.md). Kept by the trigger below; the foreign key removes deleted institutions.
CREATE TABLE "directory_search" (
	"institution_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_search" ADD CONSTRAINT "directory_search_institution_id_institutions_user_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_search_trgm_idx" ON "directory_search" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE FUNCTION "directory_search_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "directory_search" WHERE "institution_id" = OLD."user_id";
  END IF;
  IF NEW."status" = 'APPROVED' THEN
    INSERT INTO "directory_search" ("institution_id", "name", "search_text")
    VALUES (NEW."user_id", NEW."name", NEW."search_text");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "institutions_directory_search_insert" AFTER INSERT ON "institutions"
FOR EACH ROW EXECUTE FUNCTION "directory_search_follow"();--> statement-breakpoint
CREATE TRIGGER "institutions_directory_search_update" AFTER UPDATE ON "institutions"
FOR EACH ROW WHEN (
  OLD."status" IS DISTINCT FROM NEW."status"
  OR OLD."name" IS DISTINCT FROM NEW."name"
  OR OLD."search_text" IS DISTINCT FROM NEW."search_text"
  OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
) EXECUTE FUNCTION "directory_search_follow"();--> statement-breakpoint
INSERT INTO "directory_search" ("institution_id", "name", "search_text")
SELECT "user_id", "name", "search_text" FROM "institutions" WHERE "status" = 'APPROVED';
