-- Payments and the bank (issue 14): archived SEPA and DATEV files, idempotency keys, the
-- one-time links of mandate dispatch e-mails, the firings of automatic service bundles, a
-- live-pay debit per driving lesson, and the settings of SEPA pre-notification, restricted
-- planning and the DATEV export.
CREATE TABLE "datev_exports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "datev_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"file_name" text NOT NULL,
	"booking_count" integer NOT NULL,
	"file_id" bigint NOT NULL,
	"created_by_user_id" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datev_exports_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "datev_exports_period_check" CHECK ("datev_exports"."period_from" <= "datev_exports"."period_to")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"driving_school_id" bigint NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"body_encoding" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("driving_school_id","operation","key")
);
--> statement-breakpoint
CREATE TABLE "mandate_form_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mandate_form_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"token" text NOT NULL,
	"student_id" bigint NOT NULL,
	"student_education_id" bigint NOT NULL,
	"email" text NOT NULL,
	"reference" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"mandate_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandate_form_tokens_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "mandate_form_tokens_token_key" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "sepa_exports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sepa_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"message_id" text NOT NULL,
	"file_name" text NOT NULL,
	"collection_date" date NOT NULL,
	"debit_count" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"first_count" integer DEFAULT 0 NOT NULL,
	"file_id" bigint NOT NULL,
	"created_by_user_id" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sepa_exports_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "sepa_exports_message_id_key" UNIQUE("driving_school_id","message_id"),
	CONSTRAINT "sepa_exports_count_check" CHECK ("sepa_exports"."debit_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "trigger_firings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trigger_firings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"trigger_id" bigint NOT NULL,
	"student_education_id" bigint NOT NULL,
	"occurrence" integer NOT NULL,
	"document_id" bigint,
	"payment_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trigger_firings_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "trigger_firings_occurrence_key" UNIQUE("driving_school_id","trigger_id","student_education_id","occurrence")
);
--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD COLUMN "bank_account" text;--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD COLUMN "debtor_account" text;--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD COLUMN "consultant_number" integer;--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD COLUMN "client_number" integer;--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD COLUMN "fiscal_year_start_month" integer;--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD COLUMN "bookkeeping_portal_url" text;--> statement-breakpoint
ALTER TABLE "master_data" ADD COLUMN "pre_notification_days" integer;--> statement-breakpoint
ALTER TABLE "master_data" ADD COLUMN "low_balance_threshold" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "appointment_id" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sepa_export_id" bigint;--> statement-breakpoint
ALTER TABLE "datev_exports" ADD CONSTRAINT "datev_exports_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datev_exports" ADD CONSTRAINT "datev_exports_file_fk" FOREIGN KEY ("driving_school_id","file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_form_tokens" ADD CONSTRAINT "mandate_form_tokens_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_form_tokens" ADD CONSTRAINT "mandate_form_tokens_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_form_tokens" ADD CONSTRAINT "mandate_form_tokens_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_form_tokens" ADD CONSTRAINT "mandate_form_tokens_mandate_fk" FOREIGN KEY ("driving_school_id","mandate_id") REFERENCES "public"."live_pay_mandates"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_exports" ADD CONSTRAINT "sepa_exports_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_exports" ADD CONSTRAINT "sepa_exports_file_fk" FOREIGN KEY ("driving_school_id","file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_firings" ADD CONSTRAINT "trigger_firings_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_firings" ADD CONSTRAINT "trigger_firings_trigger_fk" FOREIGN KEY ("driving_school_id","trigger_id") REFERENCES "public"."automatic_payment_triggers"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_firings" ADD CONSTRAINT "trigger_firings_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_firings" ADD CONSTRAINT "trigger_firings_document_fk" FOREIGN KEY ("driving_school_id","document_id") REFERENCES "public"."payment_documents"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_firings" ADD CONSTRAINT "trigger_firings_payment_fk" FOREIGN KEY ("driving_school_id","payment_id") REFERENCES "public"."payments"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_fk" FOREIGN KEY ("driving_school_id","appointment_id") REFERENCES "public"."appointments"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_appointment_debit_key" ON "payments" USING btree ("driving_school_id","appointment_id") WHERE "payments"."appointment_id" is not null and "payments"."method" = 'DIRECT_DEBIT';--> statement-breakpoint
CREATE INDEX "payments_sepa_export_idx" ON "payments" USING btree ("driving_school_id","sepa_export_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_end_to_end_id_key" ON "payments" USING btree ("driving_school_id","end_to_end_id") WHERE "payments"."end_to_end_id" is not null;--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD CONSTRAINT "accounts_configs_bank_check" CHECK ("accounts_configs"."bank_account" ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD CONSTRAINT "accounts_configs_debtor_check" CHECK ("accounts_configs"."debtor_account" ~ '^[0-9]{5}$');--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD CONSTRAINT "accounts_configs_consultant_check" CHECK ("accounts_configs"."consultant_number" between 1001 and 9999999);--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD CONSTRAINT "accounts_configs_client_check" CHECK ("accounts_configs"."client_number" between 1 and 99999);--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD CONSTRAINT "accounts_configs_fiscal_year_check" CHECK ("accounts_configs"."fiscal_year_start_month" between 1 and 12);--> statement-breakpoint
ALTER TABLE "master_data" ADD CONSTRAINT "master_data_pre_notification_check" CHECK ("master_data"."pre_notification_days" between 1 and 14);