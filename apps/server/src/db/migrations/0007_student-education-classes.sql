-- The licence classes of a student's active educations, oldest first, as a column of the
-- student: the list shows them on every row and filters by them ("class B") without
-- reading the educations of each row. The database keeps the column: after every insert,
-- update or delete on student_educations, the changed students' lists are computed anew
-- (one statement per changed statement, whatever the number of rows).
ALTER TABLE "students" ADD COLUMN "education_classes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE FUNCTION "students_refresh_education_classes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE students s
    SET education_classes = coalesce((
      SELECT array_agg(e.license_class ORDER BY e.id) FROM student_educations e
      WHERE e.driving_school_id = s.driving_school_id AND e.student_id = s.id AND NOT e.archived
    ), '{}'::text[])
    WHERE (s.driving_school_id, s.id) IN (SELECT driving_school_id, student_id FROM changed_new);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE students s
    SET education_classes = coalesce((
      SELECT array_agg(e.license_class ORDER BY e.id) FROM student_educations e
      WHERE e.driving_school_id = s.driving_school_id AND e.student_id = s.id AND NOT e.archived
    ), '{}'::text[])
    WHERE (s.driving_school_id, s.id) IN (SELECT driving_school_id, student_id FROM changed_old);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "student_educations_classes_insert" AFTER INSERT ON "student_educations"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "students_refresh_education_classes"();--> statement-breakpoint
CREATE TRIGGER "student_educations_classes_update" AFTER UPDATE ON "student_educations"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION "students_refresh_education_classes"();--> statement-breakpoint
CREATE TRIGGER "student_educations_classes_delete" AFTER DELETE ON "student_educations"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION "students_refresh_education_classes"();--> statement-breakpoint
UPDATE "students" s SET "education_classes" = e.classes
FROM (
  SELECT driving_school_id, student_id, array_agg(license_class ORDER BY id) AS classes
  FROM student_educations WHERE NOT archived GROUP BY driving_school_id, student_id
) e
WHERE e.driving_school_id = s.driving_school_id AND e.student_id = s.id;
