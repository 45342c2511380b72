-- Access tokens carry the token version of their user; a password change or reset and
-- archiving raise it, which ends every token signed before (issue 10).
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;