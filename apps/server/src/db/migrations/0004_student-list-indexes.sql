-- The student list at 50,000 students: its sort orders indexed after the archive flag (a
-- deep page's ids come from the index alone), counts by branch or instructor from an index,
-- and the "education in status …" filter answered per student from an index.
DROP INDEX "students_name_idx";--> statement-breakpoint
DROP INDEX "students_branch_idx";--> statement-breakpoint
DROP INDEX "students_instructor_idx";--> statement-breakpoint
DROP INDEX "students_main_class_idx";--> statement-breakpoint
DROP INDEX "students_registration_date_idx";--> statement-breakpoint
CREATE INDEX "student_educations_student_status_idx" ON "student_educations" USING btree ("driving_school_id","student_id","status") WHERE not "student_educations"."archived";--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("driving_school_id","archived",lower("last_name"),lower("first_name"),"id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "students_branch_idx" ON "students" USING btree ("driving_school_id","branch_id","archived","id");--> statement-breakpoint
CREATE INDEX "students_instructor_idx" ON "students" USING btree ("driving_school_id","instructor_id","archived","branch_id","id");--> statement-breakpoint
CREATE INDEX "students_main_class_idx" ON "students" USING btree ("driving_school_id","archived","main_class","id");--> statement-breakpoint
CREATE INDEX "students_registration_date_idx" ON "students" USING btree ("driving_school_id","archived","registration_date","id");