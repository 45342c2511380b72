-- An instructor who sees only own students pages them by registration date from this index
-- alone, however deep the page (as the school-wide list does with students_registration_date_idx).
CREATE INDEX "students_instructor_registration_idx" ON "students" USING btree ("driving_school_id","instructor_id","archived","registration_date","id");
