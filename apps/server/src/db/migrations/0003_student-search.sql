-- The name search of the student list is backed by a trigram index (ILIKE '%…%').
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "students_search_idx" ON "students" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops,"email" gin_trgm_ops,"phone_private" gin_trgm_ops,"phone_mobile" gin_trgm_ops,"phone_work" gin_trgm_ops,"driver_license_number" gin_trgm_ops);