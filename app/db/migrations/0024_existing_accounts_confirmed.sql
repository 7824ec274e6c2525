-- ADR 0069: accounts that exist when e-mail confirmation arrives are treated as confirmed, so
-- nobody already using the platform stops receiving mail. Only accounts created by the sign-up
-- wizard from now on start unconfirmed.
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;
