CREATE TABLE "report_exports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"report" text NOT NULL,
	"format" text NOT NULL,
	"filter" jsonb NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"row_count" integer,
	"file_id" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_exports_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "report_exports_status_check" CHECK ("report_exports"."status" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
	CONSTRAINT "report_exports_format_check" CHECK ("report_exports"."format" in ('CSV', 'XLSX')),
	CONSTRAINT "report_exports_progress_check" CHECK ("report_exports"."progress" between 0 and 100),
	CONSTRAINT "report_exports_done_check" CHECK (("report_exports"."status" = 'DONE') = ("report_exports"."file_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_file_fk" FOREIGN KEY ("driving_school_id","file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_exports_user_idx" ON "report_exports" USING btree ("driving_school_id","user_id","created_at");