-- Issue 39, ADR 0066: rows written before the text rule hold what the forms now refuse. Cleaned
-- here the way app/lib/plain-text.ts cleans an older value (asOneLine, asPlainText): a
-- single-line text loses line breaks and tabs (each a space, runs of spaces collapsed), control
-- characters (C0, DEL, C1) and bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E,
-- U+2066-U+2069); a multi-line text gets LF line endings, a tab becomes a space, the other
-- characters go; both NFC and trimmed. Only rows that change are written. Never touched: the
-- agreements (an accepted termo keeps its exact text and hash), the certificates' issued words
-- and holders' names, the audit trail (a record of what happened) and the outbox (mail already
-- written). The search columns are generated, so they follow.
CREATE FUNCTION "text_rule_one_line"(value text) RETURNS text
  LANGUAGE sql IMMUTABLE RETURNS NULL ON NULL INPUT
  AS $$
    SELECT btrim(regexp_replace(regexp_replace(regexp_replace(
      normalize(value, NFC),
      '[\x09-\x0D\u0085\u2028\u2029]', ' ', 'g'),
      '[\x01-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'),
      ' {2,}', ' ', 'g'))
  $$;
--> statement-breakpoint
CREATE FUNCTION "text_rule_multi_line"(value text) RETURNS text
  LANGUAGE sql IMMUTABLE RETURNS NULL ON NULL INPUT
  AS $$
    SELECT btrim(regexp_replace(regexp_replace(regexp_replace(
      normalize(value, NFC),
      '\r\n?|[\u2028\u2029]', E'\n', 'g'),
      '\t', ' ', 'g'),
      '[\x01-\x08\x0B-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'),
      E' \n')
  $$;
--> statement-breakpoint
UPDATE "users" SET "name" = "text_rule_one_line"("name")
  WHERE "name" IS DISTINCT FROM "text_rule_one_line"("name");
--> statement-breakpoint
UPDATE "volunteers" SET
    "summary" = left("text_rule_multi_line"("summary"), 1200),
    "city" = "text_rule_one_line"("city"),
    "guardian_name" = "text_rule_one_line"("guardian_name"),
    "guardian_consent_name" = "text_rule_one_line"("guardian_consent_name")
  WHERE "summary" IS DISTINCT FROM "text_rule_multi_line"("summary")
    OR "city" IS DISTINCT FROM "text_rule_one_line"("city")
    OR "guardian_name" IS DISTINCT FROM "text_rule_one_line"("guardian_name")
    OR "guardian_consent_name" IS DISTINCT FROM "text_rule_one_line"("guardian_consent_name");
--> statement-breakpoint
UPDATE "institutions" SET
    "name" = "text_rule_one_line"("name"),
    "proposed_name" = "text_rule_one_line"("proposed_name"),
    "responsible" = "text_rule_one_line"("responsible"),
    "street" = "text_rule_one_line"("street"),
    "number" = "text_rule_one_line"("number"),
    "neighborhood" = "text_rule_one_line"("neighborhood"),
    "complement" = "text_rule_one_line"("complement"),
    "city" = "text_rule_one_line"("city"),
    "summary" = left("text_rule_multi_line"("summary"), 80),
    "about" = left("text_rule_multi_line"("about"), 1200),
    "review_reason" = "text_rule_multi_line"("review_reason")
  WHERE "name" IS DISTINCT FROM "text_rule_one_line"("name")
    OR "proposed_name" IS DISTINCT FROM "text_rule_one_line"("proposed_name")
    OR "responsible" IS DISTINCT FROM "text_rule_one_line"("responsible")
    OR "street" IS DISTINCT FROM "text_rule_one_line"("street")
    OR "number" IS DISTINCT FROM "text_rule_one_line"("number")
    OR "neighborhood" IS DISTINCT FROM "text_rule_one_line"("neighborhood")
    OR "complement" IS DISTINCT FROM "text_rule_one_line"("complement")
    OR "city" IS DISTINCT FROM "text_rule_one_line"("city")
    OR "summary" IS DISTINCT FROM "text_rule_multi_line"("summary")
    OR "about" IS DISTINCT FROM "text_rule_multi_line"("about")
    OR "review_reason" IS DISTINCT FROM "text_rule_multi_line"("review_reason");
--> statement-breakpoint
UPDATE "events" SET
    "name" = left("text_rule_one_line"("name"), 50),
    "street" = "text_rule_one_line"("street"),
    "number" = "text_rule_one_line"("number"),
    "neighborhood" = "text_rule_one_line"("neighborhood"),
    "complement" = "text_rule_one_line"("complement"),
    "city" = "text_rule_one_line"("city"),
    "online_link" = left("text_rule_one_line"("online_link"), 500),
    "resume" = left("text_rule_multi_line"("resume"), 80),
    "about" = left("text_rule_multi_line"("about"), 1200),
    "review_reason" = "text_rule_multi_line"("review_reason")
  WHERE "name" IS DISTINCT FROM "text_rule_one_line"("name")
    OR "street" IS DISTINCT FROM "text_rule_one_line"("street")
    OR "number" IS DISTINCT FROM "text_rule_one_line"("number")
    OR "neighborhood" IS DISTINCT FROM "text_rule_one_line"("neighborhood")
    OR "complement" IS DISTINCT FROM "text_rule_one_line"("complement")
    OR "city" IS DISTINCT FROM "text_rule_one_line"("city")
    OR "online_link" IS DISTINCT FROM "text_rule_one_line"("online_link")
    OR "resume" IS DISTINCT FROM "text_rule_multi_line"("resume")
    OR "about" IS DISTINCT FROM "text_rule_multi_line"("about")
    OR "review_reason" IS DISTINCT FROM "text_rule_multi_line"("review_reason");
--> statement-breakpoint
UPDATE "volunteer_requests" SET "summary" = "text_rule_multi_line"("summary")
  WHERE "summary" IS DISTINCT FROM "text_rule_multi_line"("summary");
--> statement-breakpoint
UPDATE "volunteer_hours" SET
    "description" = left("text_rule_multi_line"("description"), 500),
    "decline_reason" = left("text_rule_multi_line"("decline_reason"), 500)
  WHERE "description" IS DISTINCT FROM "text_rule_multi_line"("description")
    OR "decline_reason" IS DISTINCT FROM "text_rule_multi_line"("decline_reason");
--> statement-breakpoint
UPDATE "certificates" SET "revoke_reason" = left("text_rule_multi_line"("revoke_reason"), 500)
  WHERE "revoke_reason" IS DISTINCT FROM "text_rule_multi_line"("revoke_reason");
--> statement-breakpoint
-- A draft's text areas are "resume" and "about"; every other field is one line (signup-draft).
UPDATE "signup_drafts" SET "data" = (
    SELECT coalesce(jsonb_object_agg("key", CASE
      WHEN jsonb_typeof("item") <> 'string' THEN "item"
      WHEN "key" IN ('resume', 'about') THEN to_jsonb("text_rule_multi_line"("item" #>> '{}'))
      ELSE to_jsonb("text_rule_one_line"("item" #>> '{}'))
    END), '{}'::jsonb)
    FROM jsonb_each("data") AS "entry"("key", "item")
  )
  WHERE jsonb_typeof("data") = 'object';
--> statement-breakpoint
DROP FUNCTION "text_rule_one_line"(text);
--> statement-breakpoint
DROP FUNCTION "text_rule_multi_line"(text);
