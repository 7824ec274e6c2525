-- Trigram and unaccent extensions, and an IMMUTABLE wrapper so unaccented text can be indexed.
-- unaccent() is only STABLE (it reads a dictionary that could change); the dictionary is fixed
-- for this product, so declaring the two-argument form IMMUTABLE is safe and lets generated
-- columns and indexes use it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, $1);
