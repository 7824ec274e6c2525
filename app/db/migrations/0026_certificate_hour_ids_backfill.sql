-- The hour rows each certificate issued before migration 0025 covered (ADR 0070), found again
-- from its snapshot: the holder's rows with the institution, of the same kind, day and minutes.
-- A revoked certificate then holds its hours like one revoked from now on. Ambiguous matches
-- (two applications with the same month and minutes) hold both rows: the institution frees
-- them by correcting or certifying them.
UPDATE "certificates" AS c
SET "hour_ids" = coalesce((
  SELECT array_agg(DISTINCT vh."id")
  FROM jsonb_array_elements(c."hours") AS h
  JOIN "volunteer_hours" AS vh
    ON vh."volunteer_id" = c."volunteer_id"
   AND vh."institution_id" = c."institution_id"
   AND vh."kind" = h->>'kind'
   AND vh."worked_on" = (h->>'workedOn')::date
   AND vh."minutes" = (h->>'minutes')::integer
), '{}'::uuid[])
WHERE c."hour_ids" = '{}'::uuid[] AND c."volunteer_id" IS NOT NULL;
