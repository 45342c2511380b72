-- Exams: the school tracks the exam application's last valid day per education (warned 30 days
-- before), and a failed exam's repeat presentation is booked once (repeat_fees_booked_at).
ALTER TABLE "student_educations" ADD COLUMN "exam_application_expires_at" date;--> statement-breakpoint
ALTER TABLE "exam_participants" ADD COLUMN "repeat_fees_booked_at" timestamp with time zone;