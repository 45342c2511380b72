CREATE TABLE "automatic_message_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "automatic_message_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"event" text NOT NULL,
	"ref_key" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"student_id" bigint,
	"recipient" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automatic_message_log_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "automatic_message_log_ref_key" UNIQUE("driving_school_id","event","ref_key"),
	CONSTRAINT "automatic_message_log_event_check" CHECK ("automatic_message_log"."event" in ('REGISTRATION_RECEIVED', 'LESSON_BOOKED', 'LESSON_CANCELLED', 'EXAM_BOOKED', 'INVOICE_ISSUED', 'DEBIT_FAILED', 'BIRTHDAY')),
	CONSTRAINT "automatic_message_log_status_check" CHECK ("automatic_message_log"."status" in ('SENT', 'FAILED', 'SKIPPED'))
);
--> statement-breakpoint
CREATE TABLE "automatic_message_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "automatic_message_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"event" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"channel" text DEFAULT 'MESSAGE' NOT NULL,
	"message_template_id" bigint,
	"enabled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automatic_message_rules_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "automatic_message_rules_event_key" UNIQUE("driving_school_id","event"),
	CONSTRAINT "automatic_message_rules_event_check" CHECK ("automatic_message_rules"."event" in ('REGISTRATION_RECEIVED', 'LESSON_BOOKED', 'LESSON_CANCELLED', 'EXAM_BOOKED', 'INVOICE_ISSUED', 'DEBIT_FAILED', 'BIRTHDAY')),
	CONSTRAINT "automatic_message_rules_channel_check" CHECK ("automatic_message_rules"."channel" in ('MESSAGE', 'EMAIL', 'BOTH')),
	CONSTRAINT "automatic_message_rules_enabled_check" CHECK (not "automatic_message_rules"."enabled" or ("automatic_message_rules"."message_template_id" is not null and "automatic_message_rules"."enabled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "cancelled_lessons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cancelled_lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"appointment_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"date" text NOT NULL,
	"start_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancelled_lessons_tenant_key" UNIQUE("driving_school_id","id")
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_tenant_key" UNIQUE("driving_school_id","id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"sent_by_user_id" bigint,
	"message_template_id" bigint,
	"event" text,
	CONSTRAINT "messages_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "messages_event_check" CHECK ("messages"."event" in ('REGISTRATION_RECEIVED', 'LESSON_BOOKED', 'LESSON_CANCELLED', 'EXAM_BOOKED', 'INVOICE_ISSUED', 'DEBIT_FAILED', 'BIRTHDAY'))
);
--> statement-breakpoint
ALTER TABLE "automatic_message_log" ADD CONSTRAINT "automatic_message_log_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_message_log" ADD CONSTRAINT "automatic_message_log_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_message_rules" ADD CONSTRAINT "automatic_message_rules_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_message_rules" ADD CONSTRAINT "automatic_message_rules_template_fk" FOREIGN KEY ("driving_school_id","message_template_id") REFERENCES "public"."message_templates"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_lessons" ADD CONSTRAINT "cancelled_lessons_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_fk" FOREIGN KEY ("driving_school_id","sent_by_user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automatic_message_log_created_idx" ON "automatic_message_log" USING btree ("driving_school_id","created_at");--> statement-breakpoint
CREATE INDEX "automatic_message_rules_enabled_idx" ON "automatic_message_rules" USING btree ("event") WHERE "automatic_message_rules"."enabled";--> statement-breakpoint
CREATE INDEX "cancelled_lessons_created_idx" ON "cancelled_lessons" USING btree ("driving_school_id","created_at");--> statement-breakpoint
CREATE INDEX "message_templates_name_idx" ON "message_templates" USING btree ("driving_school_id","name");--> statement-breakpoint
CREATE INDEX "messages_student_idx" ON "messages" USING btree ("driving_school_id","student_id","sent_at");--> statement-breakpoint
CREATE INDEX "messages_sent_at_idx" ON "messages" USING btree ("driving_school_id","sent_at");--> statement-breakpoint
-- A deleted future driving lesson of a student is kept for the automatic message
-- LESSON_CANCELLED (schema/messaging.ts). Not while the school or the student goes.
CREATE FUNCTION appointments_cancelled_lesson() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.type = 'DRIVING' AND OLD.student_id IS NOT NULL
     AND OLD.date >= (now() AT TIME ZONE 'Europe/Berlin')::date
     AND EXISTS (SELECT 1 FROM driving_schools s WHERE s.id = OLD.driving_school_id)
     AND EXISTS (SELECT 1 FROM students st
                 WHERE st.driving_school_id = OLD.driving_school_id AND st.id = OLD.student_id) THEN
    INSERT INTO cancelled_lessons (driving_school_id, appointment_id, student_id, date, start_time)
    VALUES (OLD.driving_school_id, OLD.id, OLD.student_id, OLD.date::text, OLD.start_time::text);
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER appointments_cancelled_lesson AFTER DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION appointments_cancelled_lesson();
