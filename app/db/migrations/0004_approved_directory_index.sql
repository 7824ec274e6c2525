-- The public directory (approved institutions by name, optionally a search_text LIKE) as an
-- index-only scan: when the planner walks the names in order until a page of matches is found,
-- it tests search_text from the index instead of fetching each wide row from the table
-- (docs/benchmarks.md: 400 ms -> tens of ms for a term clustered late in the alphabet at 100 000
-- institutions). Written by hand because Drizzle's index builder has no INCLUDE.
CREATE INDEX IF NOT EXISTS "institutions_approved_directory_idx" ON "institutions" ("name", "user_id") INCLUDE ("search_text") WHERE "status" = 'APPROVED';
