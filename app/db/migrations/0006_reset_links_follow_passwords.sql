-- Reset links (better-auth `verifications` rows) die with any password change and with a newer
-- request (ADR 0014). A reset row's identifier is "reset-password:" followed by the SHA-256 of
-- its token (auth.server.ts), its value the account's user id. The database keeps the rule, so
-- it holds for every way a password is written (change-password, a reset link, scripts), in the
-- same transaction as the write.

-- Rows stored before this migration hold the bare digest: give them their kind.
UPDATE "verifications" SET "identifier" = 'reset-password:' || "identifier"
WHERE position(':' in "identifier") = 0 AND "value" IN (SELECT "id"::text FROM "users");
--> statement-breakpoint
CREATE FUNCTION "reset_links_end_with_password"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "verifications"
  WHERE "identifier" LIKE 'reset-password:%' AND "value" = NEW."user_id"::text;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_password_set_ends_reset_links" AFTER INSERT ON "accounts"
FOR EACH ROW WHEN (NEW."password" IS NOT NULL)
EXECUTE FUNCTION "reset_links_end_with_password"();
--> statement-breakpoint
CREATE TRIGGER "accounts_password_change_ends_reset_links" AFTER UPDATE OF "password" ON "accounts"
FOR EACH ROW WHEN (OLD."password" IS DISTINCT FROM NEW."password")
EXECUTE FUNCTION "reset_links_end_with_password"();
--> statement-breakpoint
-- Requests for one account are taken one at a time (the advisory lock), so of two made at the
-- same moment the later one sees the earlier, committed, and removes it.
CREATE FUNCTION "reset_links_newest_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('reset-password:' || NEW."value"));
  DELETE FROM "verifications"
  WHERE "identifier" LIKE 'reset-password:%' AND "value" = NEW."value" AND "id" <> NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "verifications_newest_reset_link_only" AFTER INSERT ON "verifications"
FOR EACH ROW WHEN (NEW."identifier" LIKE 'reset-password:%')
EXECUTE FUNCTION "reset_links_newest_only"();
