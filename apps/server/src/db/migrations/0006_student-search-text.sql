-- The student search looks in one generated column, lower-cased once when the row is
-- written ("First Last", e-mail, phones, licence number, one per line), with LIKE on it
-- instead of six ILIKEs that lower-case every row again; the trigram index moves to it.
DROP INDEX "students_search_idx";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("students"."first_name" || ' ' || "students"."last_name" || chr(10) || coalesce("students"."email", '') || chr(10) || coalesce("students"."phone_private", '') || chr(10) || coalesce("students"."phone_mobile", '') || chr(10) || coalesce("students"."phone_work", '') || chr(10) || coalesce("students"."driver_license_number", ''))) STORED;--> statement-breakpoint
CREATE INDEX "students_search_idx" ON "students" USING gin ("search_text" gin_trgm_ops);