CREATE TABLE "accounts_configs" (
	"driving_school_id" bigint PRIMARY KEY NOT NULL,
	"chart_of_accounts" text NOT NULL,
	"revenue19_account" text NOT NULL,
	"revenue7_account" text NOT NULL,
	"revenue0_account" text NOT NULL,
	"cash_account" text NOT NULL,
	"transit_account" text NOT NULL,
	"passing_items_account" text NOT NULL,
	"live_pay_account" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_configs_chart_check" CHECK ("accounts_configs"."chart_of_accounts" in ('SKR03', 'SKR04')),
	CONSTRAINT "accounts_configs_revenue19_check" CHECK ("accounts_configs"."revenue19_account" ~ '^[0-9]{4}$'),
	CONSTRAINT "accounts_configs_revenue7_check" CHECK ("accounts_configs"."revenue7_account" ~ '^[0-9]{4}$'),
	CONSTRAINT "accounts_configs_revenue0_check" CHECK ("accounts_configs"."revenue0_account" ~ '^[0-9]{4}$'),
	CONSTRAINT "accounts_configs_cash_check" CHECK ("accounts_configs"."cash_account" ~ '^[0-9]{4}$'),
	CONSTRAINT "accounts_configs_transit_check" CHECK ("accounts_configs"."transit_account" ~ '^[0-9]{4}$'),
	CONSTRAINT "accounts_configs_passing_items_check" CHECK ("accounts_configs"."passing_items_account" ~ '^[0-9]{4}$'),
	CONSTRAINT "accounts_configs_live_pay_check" CHECK ("accounts_configs"."live_pay_account" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "branches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text NOT NULL,
	"address" jsonb,
	"phone" text,
	"email" text,
	"price_list_id" bigint,
	"day_work_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_corridor_from" time NOT NULL,
	"work_corridor_to" time NOT NULL,
	"default_driving_lesson_duration" integer DEFAULT 45 NOT NULL,
	"fast_lane_duration" integer,
	"show_on_website" boolean DEFAULT false NOT NULL,
	"calendar_share_instructors_read" boolean DEFAULT false NOT NULL,
	"calendar_share_instructors_write" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "branches_work_corridor_check" CHECK ("branches"."work_corridor_to" > "branches"."work_corridor_from"),
	CONSTRAINT "branches_default_lesson_duration_check" CHECK ("branches"."default_driving_lesson_duration" between 15 and 240 and "branches"."default_driving_lesson_duration" % 5 = 0),
	CONSTRAINT "branches_fast_lane_duration_check" CHECK ("branches"."fast_lane_duration" between 15 and 240 and "branches"."fast_lane_duration" % 5 = 0),
	CONSTRAINT "branches_calendar_share_check" CHECK ("branches"."calendar_share_instructors_read" or not "branches"."calendar_share_instructors_write"),
	CONSTRAINT "branches_day_work_hours_check" CHECK (jsonb_typeof("branches"."day_work_hours") = 'array'),
	CONSTRAINT "branches_address_check" CHECK ("branches"."address" is null or jsonb_typeof("branches"."address") = 'object')
);
--> statement-breakpoint
CREATE TABLE "driving_school_documents" (
	"driving_school_id" bigint PRIMARY KEY NOT NULL,
	"letterhead_file_id" bigint,
	"signature_file_id" bigint,
	"logo_file_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driving_school_features" (
	"driving_school_id" bigint PRIMARY KEY NOT NULL,
	"classic_pay_enabled" boolean DEFAULT true NOT NULL,
	"flash_pay_enabled" boolean DEFAULT false NOT NULL,
	"live_pay_enabled" boolean DEFAULT false NOT NULL,
	"learning_app_enabled" boolean DEFAULT false NOT NULL,
	"using_mirror_vehicles" boolean DEFAULT false NOT NULL,
	"service_contract_signed" boolean DEFAULT false NOT NULL,
	"data_processing_agreement_signed" boolean DEFAULT false NOT NULL,
	"live_pay_onboarding_completed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driving_school_features_live_pay_check" CHECK (not "driving_school_features"."live_pay_enabled" or "driving_school_features"."live_pay_onboarding_completed")
);
--> statement-breakpoint
CREATE TABLE "email_config_users" (
	"driving_school_id" bigint NOT NULL,
	"email_config_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "email_config_users_pkey" PRIMARY KEY("email_config_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "email_configs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"email" text NOT NULL,
	"sender_name" text,
	"smtp_host" text NOT NULL,
	"smtp_port" integer NOT NULL,
	"smtp_security" text NOT NULL,
	"imap_host" text NOT NULL,
	"imap_port" integer NOT NULL,
	"imap_security" text NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_configs_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "email_configs_smtp_port_check" CHECK ("email_configs"."smtp_port" between 1 and 65535),
	CONSTRAINT "email_configs_imap_port_check" CHECK ("email_configs"."imap_port" between 1 and 65535),
	CONSTRAINT "email_configs_smtp_security_check" CHECK ("email_configs"."smtp_security" in ('TLS', 'STARTTLS')),
	CONSTRAINT "email_configs_imap_security_check" CHECK ("email_configs"."imap_security" in ('TLS', 'STARTTLS'))
);
--> statement-breakpoint
CREATE TABLE "financial_configs" (
	"driving_school_id" bigint PRIMARY KEY NOT NULL,
	"student_payment_request_footnote" text,
	"cost_bearer_payment_request_footnote" text,
	"student_final_invoice_footnote" text,
	"cost_bearer_final_invoice_footnote" text,
	"gdpr_url" text,
	"terms_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_data" (
	"driving_school_id" bigint PRIMARY KEY NOT NULL,
	"website" text,
	"email" text,
	"phone" text,
	"address" jsonb,
	"federal_state" text,
	"tax_office" text,
	"payroll_tax_number" text,
	"vat_tax_number" text,
	"vat_id" text,
	"iban" text,
	"bic" text,
	"creditor_id" text,
	"accounting_group" text,
	"responsible_person" text,
	"automatic_exam_organisation_fees" boolean DEFAULT false NOT NULL,
	"bank_fee_on_failed_live_pay" boolean DEFAULT false NOT NULL,
	"restricted_planning_on_low_balance" boolean DEFAULT false NOT NULL,
	"stamp_on_certificates" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_data_federal_state_check" CHECK ("master_data"."federal_state" in ('BW', 'BY', 'BE', 'BB', 'HB', 'HH', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH')),
	CONSTRAINT "master_data_vat_id_check" CHECK ("master_data"."vat_id" ~ '^DE[0-9]{9}$'),
	CONSTRAINT "master_data_iban_check" CHECK ("master_data"."iban" ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
	CONSTRAINT "master_data_address_check" CHECK ("master_data"."address" is null or jsonb_typeof("master_data"."address") = 'object')
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"template" boolean DEFAULT false NOT NULL,
	"vat_rate" smallint DEFAULT 19 NOT NULL,
	"standard" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "price_lists_vat_rate_check" CHECK ("price_lists"."vat_rate" in (0, 5, 7, 16, 19)),
	CONSTRAINT "price_lists_template_standard_check" CHECK (not ("price_lists"."template" and "price_lists"."standard")),
	CONSTRAINT "price_lists_standard_archived_check" CHECK (not ("price_lists"."standard" and "price_lists"."archived"))
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"price_list_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"license_class" text,
	"price" integer NOT NULL,
	"combined_training_price" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prices_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "prices_product_class_key" UNIQUE NULLS NOT DISTINCT("driving_school_id","price_list_id","product_id","license_class"),
	CONSTRAINT "prices_price_check" CHECK ("prices"."price" >= 0),
	CONSTRAINT "prices_combined_training_price_check" CHECK ("prices"."combined_training_price" >= 0),
	CONSTRAINT "prices_license_class_check" CHECK ("prices"."license_class" in ('AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"license_classes" text[] DEFAULT '{}' NOT NULL,
	"registration_info" text,
	"book_at_student_registration_allowed" boolean DEFAULT false NOT NULL,
	"vat_rate" smallint NOT NULL,
	"hour_type" text,
	"duration" integer,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('DRIVING_LESSON', 'LEARNING_MATERIAL', 'BASIC_FEE', 'ADD_ON')),
	CONSTRAINT "products_hour_type_check" CHECK ("products"."hour_type" in ('NORMAL', 'OVERLAND', 'MOTORWAY', 'NIGHT', 'EXAM_PRESENTATION', 'BASIC_DRILL', 'SIMULATOR', 'TRAILER', 'ESCORT')),
	CONSTRAINT "products_vat_rate_check" CHECK ("products"."vat_rate" in (0, 5, 7, 16, 19)),
	CONSTRAINT "products_license_classes_check" CHECK ("products"."license_classes" <@ array['AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T']::text[]),
	CONSTRAINT "products_hour_type_required_check" CHECK (("products"."type" = 'DRIVING_LESSON') = ("products"."hour_type" is not null)),
	CONSTRAINT "products_duration_check" CHECK ("products"."duration" is null or ("products"."type" = 'DRIVING_LESSON'
        and "products"."duration" between 15 and 240 and "products"."duration" % 5 = 0))
);
--> statement-breakpoint
CREATE TABLE "student_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text NOT NULL,
	"appearance" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_categories_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "student_categories_appearance_check" CHECK ("student_categories"."appearance" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "testing_organizations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "testing_organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"address" jsonb,
	"phone" text,
	"email" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testing_organizations_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "testing_organizations_kind_check" CHECK ("testing_organizations"."kind" in ('TUEV', 'DEKRA', 'OTHER')),
	CONSTRAINT "testing_organizations_address_check" CHECK ("testing_organizations"."address" is null or jsonb_typeof("testing_organizations"."address") = 'object')
);
--> statement-breakpoint
CREATE TABLE "user_branches" (
	"driving_school_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	CONSTRAINT "user_branches_pkey" PRIMARY KEY("user_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_instructors" (
	"driving_school_id" bigint NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "vehicle_instructors_pkey" PRIMARY KEY("vehicle_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"plate" text NOT NULL,
	"kind" text NOT NULL,
	"transmission" text,
	"license_classes" text[] NOT NULL,
	"chassis_number" text,
	"main_inspection_date" date,
	"safety_check_date" date,
	"seasonal_closure_from_month" smallint,
	"seasonal_closure_to_month" smallint,
	"branch_id" bigint,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "vehicles_plate_format_check" CHECK ("vehicles"."plate" ~ '^[A-ZÄÖÜ]{1,3}-[A-Z]{1,2} [1-9][0-9]{0,3}[EH]?$'),
	CONSTRAINT "vehicles_chassis_number_format_check" CHECK ("vehicles"."chassis_number" ~ '^[A-HJ-NPR-Z0-9]{17}$'),
	CONSTRAINT "vehicles_kind_check" CHECK ("vehicles"."kind" in ('CAR', 'MOTORCYCLE', 'TRUCK', 'BUS', 'TRACTOR', 'TRAILER', 'ESCORT')),
	CONSTRAINT "vehicles_transmission_check" CHECK ("vehicles"."transmission" in ('MANUAL', 'AUTOMATIC')),
	CONSTRAINT "vehicles_transmission_required_check" CHECK ("vehicles"."kind" = 'TRAILER' or "vehicles"."transmission" is not null),
	CONSTRAINT "vehicles_trailer_transmission_check" CHECK ("vehicles"."kind" <> 'TRAILER' or "vehicles"."transmission" is null),
	CONSTRAINT "vehicles_license_classes_count_check" CHECK (cardinality("vehicles"."license_classes") >= 1),
	CONSTRAINT "vehicles_license_classes_check" CHECK ("vehicles"."license_classes" <@ array['AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T']::text[]),
	CONSTRAINT "vehicles_safety_check_kind_check" CHECK ("vehicles"."safety_check_date" is null or "vehicles"."kind" in ('TRUCK', 'BUS', 'TRAILER')),
	CONSTRAINT "vehicles_seasonal_closure_check" CHECK (("vehicles"."seasonal_closure_from_month" is null) = ("vehicles"."seasonal_closure_to_month" is null)
        and "vehicles"."seasonal_closure_from_month" between 1 and 12
        and "vehicles"."seasonal_closure_to_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "user_calendar_access" (
	"driving_school_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"grantee_user_id" bigint NOT NULL,
	"write" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_calendar_access_pkey" PRIMARY KEY("user_id","grantee_user_id"),
	CONSTRAINT "user_calendar_access_self_check" CHECK ("user_calendar_access"."user_id" <> "user_calendar_access"."grantee_user_id")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "stored_files_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "automatic_payment_triggers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "automatic_payment_triggers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"event" text NOT NULL,
	"exam_kind" text,
	"exam_status" text,
	"lesson_count" integer,
	"payment_workflows" text[] NOT NULL,
	"license_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"document_type" text NOT NULL,
	"product_ids" bigint[] NOT NULL,
	"due_in_days" integer DEFAULT 14 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automatic_payment_triggers_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "automatic_payment_triggers_event_check" CHECK ("automatic_payment_triggers"."event" in ('CREATED', 'DRIVING_LESSON', 'THEORY_LESSON', 'EXAM_PLANNED', 'EXAM_RESULT', 'PAYMENT', 'DOCUMENT', 'NOTE', 'STATUS_CHANGE', 'ARCHIVED', 'UNARCHIVED')),
	CONSTRAINT "automatic_payment_triggers_exam_kind_check" CHECK ("automatic_payment_triggers"."exam_kind" in ('THEORY', 'PRACTICAL')),
	CONSTRAINT "automatic_payment_triggers_exam_status_check" CHECK ("automatic_payment_triggers"."exam_status" in ('PLANNED', 'READY', 'BOOKED', 'PASSED', 'FAILED', 'ABSENT', 'CANCELLED')),
	CONSTRAINT "automatic_payment_triggers_document_type_check" CHECK ("automatic_payment_triggers"."document_type" in ('PAYMENT_REQUEST', 'PARTIAL_INVOICE')),
	CONSTRAINT "automatic_payment_triggers_workflows_check" CHECK ("automatic_payment_triggers"."payment_workflows" <@ array['CLASSIC_PAY', 'FLASH_PAY', 'LIVE_PAY']::text[]),
	CONSTRAINT "automatic_payment_triggers_workflows_count_check" CHECK (cardinality("automatic_payment_triggers"."payment_workflows") between 1 and 3),
	CONSTRAINT "automatic_payment_triggers_classes_check" CHECK ("automatic_payment_triggers"."license_classes" <@ array['AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T']::text[]),
	CONSTRAINT "automatic_payment_triggers_products_check" CHECK (cardinality("automatic_payment_triggers"."product_ids") between 1 and 50),
	CONSTRAINT "automatic_payment_triggers_due_check" CHECK ("automatic_payment_triggers"."due_in_days" between 0 and 90),
	CONSTRAINT "automatic_payment_triggers_lesson_count_check" CHECK ("automatic_payment_triggers"."lesson_count" is null or ("automatic_payment_triggers"."event" = 'DRIVING_LESSON' and "automatic_payment_triggers"."lesson_count" between 1 and 100)),
	CONSTRAINT "automatic_payment_triggers_exam_check" CHECK (("automatic_payment_triggers"."exam_kind" is null and "automatic_payment_triggers"."exam_status" is null) or "automatic_payment_triggers"."event" in ('EXAM_PLANNED', 'EXAM_RESULT')),
	CONSTRAINT "automatic_payment_triggers_exam_status_event_check" CHECK ("automatic_payment_triggers"."exam_status" is null or "automatic_payment_triggers"."event" = 'EXAM_RESULT')
);
--> statement-breakpoint
CREATE TABLE "broadcast_recipients" (
	"driving_school_id" bigint NOT NULL,
	"broadcast_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	CONSTRAINT "broadcast_recipients_pkey" PRIMARY KEY("broadcast_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "broadcast_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "broadcast_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcast_templates_tenant_key" UNIQUE("driving_school_id","id")
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "broadcasts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"recipient_group" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fastlane" boolean DEFAULT false NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"publish_from" date NOT NULL,
	"publish_to" date,
	"state" text DEFAULT 'CREATED' NOT NULL,
	"send_email" boolean DEFAULT false NOT NULL,
	"recipient_count" integer,
	"published_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcasts_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "broadcasts_state_check" CHECK ("broadcasts"."state" in ('CREATED', 'PREPARED', 'PUBLISHED', 'EXPIRED', 'FINISHED')),
	CONSTRAINT "broadcasts_publish_period_check" CHECK ("broadcasts"."publish_to" >= "broadcasts"."publish_from"),
	CONSTRAINT "broadcasts_prepared_check" CHECK ("broadcasts"."state" = 'CREATED' or "broadcasts"."recipient_count" is not null),
	CONSTRAINT "broadcasts_published_check" CHECK ("broadcasts"."state" in ('CREATED', 'PREPARED') or "broadcasts"."published_at" is not null),
	CONSTRAINT "broadcasts_stopped_check" CHECK ("broadcasts"."stopped_at" is null or "broadcasts"."state" = 'EXPIRED'),
	CONSTRAINT "broadcasts_recipient_count_check" CHECK ("broadcasts"."recipient_count" >= 0),
	CONSTRAINT "broadcasts_subject_check" CHECK (char_length("broadcasts"."subject") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "email_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"email_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_attachments_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "email_attachments_file_key" UNIQUE("driving_school_id","email_id","file_id"),
	CONSTRAINT "email_attachments_position_check" CHECK ("email_attachments"."position" between 0 and 49)
);
--> statement-breakpoint
CREATE TABLE "email_template_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_template_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_template_categories_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "email_template_categories_name_key" UNIQUE("driving_school_id","name")
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"template_category_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_tenant_key" UNIQUE("driving_school_id","id")
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"email_config_id" bigint NOT NULL,
	"folder" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text,
	"to_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"bcc_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"html_body" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"read" boolean DEFAULT false NOT NULL,
	"marked" boolean DEFAULT false NOT NULL,
	"student_id" bigint,
	"message_id" text,
	"in_reply_to_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emails_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "emails_message_key" UNIQUE("driving_school_id","email_config_id","folder","message_id"),
	CONSTRAINT "emails_folder_check" CHECK ("emails"."folder" in ('INBOX', 'OUTBOX')),
	CONSTRAINT "emails_date_check" CHECK (("emails"."folder" <> 'INBOX' or "emails"."received_at" is not null) and ("emails"."folder" <> 'OUTBOX' or "emails"."sent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoice_number_sequences" (
	"driving_school_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_number_sequences_pkey" PRIMARY KEY("driving_school_id","year"),
	CONSTRAINT "invoice_number_sequences_year_check" CHECK ("invoice_number_sequences"."year" between 2000 and 9999),
	CONSTRAINT "invoice_number_sequences_next_number_check" CHECK ("invoice_number_sequences"."next_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "live_pay_mandates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_pay_mandates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"student_id" bigint NOT NULL,
	"student_education_id" bigint,
	"holder_name" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"signed_at" date,
	"status" text DEFAULT 'UNCONFIRMED' NOT NULL,
	"sequence_type" text DEFAULT 'FRST' NOT NULL,
	"last_debit_at" date,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_pay_mandates_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "live_pay_mandates_reference_key" UNIQUE("driving_school_id","reference"),
	CONSTRAINT "live_pay_mandates_reference_check" CHECK ("live_pay_mandates"."reference" ~ '^[A-Za-z0-9+?/:().,'' -]{1,35}$'),
	CONSTRAINT "live_pay_mandates_iban_check" CHECK ("live_pay_mandates"."iban" ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
	CONSTRAINT "live_pay_mandates_bic_check" CHECK ("live_pay_mandates"."bic" ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
	CONSTRAINT "live_pay_mandates_holder_check" CHECK (char_length("live_pay_mandates"."holder_name") between 1 and 70),
	CONSTRAINT "live_pay_mandates_status_check" CHECK ("live_pay_mandates"."status" in ('UNCONFIRMED', 'CONFIRMED', 'REVOKED', 'EXPIRED')),
	CONSTRAINT "live_pay_mandates_sequence_type_check" CHECK ("live_pay_mandates"."sequence_type" in ('FRST', 'RCUR', 'OOFF', 'FNAL')),
	CONSTRAINT "live_pay_mandates_confirmed_check" CHECK ("live_pay_mandates"."status" <> 'CONFIRMED' or "live_pay_mandates"."signed_at" is not null),
	CONSTRAINT "live_pay_mandates_revoked_check" CHECK (("live_pay_mandates"."status" = 'REVOKED') = ("live_pay_mandates"."revoked_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_document_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_document_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"unit_price" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"net" integer NOT NULL,
	"vat" integer NOT NULL,
	"gross" integer NOT NULL,
	"product_id" bigint,
	"appointment_id" bigint,
	"service_date" date,
	CONSTRAINT "payment_document_lines_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "payment_document_lines_position_key" UNIQUE("driving_school_id","document_id","position"),
	CONSTRAINT "payment_document_lines_vat_rate_check" CHECK ("payment_document_lines"."vat_rate" in (0, 5, 7, 16, 19)),
	CONSTRAINT "payment_document_lines_position_check" CHECK ("payment_document_lines"."position" between 1 and 500),
	CONSTRAINT "payment_document_lines_quantity_check" CHECK ("payment_document_lines"."quantity" > 0 and "payment_document_lines"."quantity" * 4 = trunc("payment_document_lines"."quantity" * 4)),
	CONSTRAINT "payment_document_lines_amounts_check" CHECK ("payment_document_lines"."gross" = "payment_document_lines"."net" + "payment_document_lines"."vat"),
	CONSTRAINT "payment_document_lines_description_check" CHECK (char_length("payment_document_lines"."description") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "payment_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"number" text,
	"student_id" bigint,
	"cost_bearer_id" bigint,
	"student_education_id" bigint,
	"recipient_name" text NOT NULL,
	"recipient_address" jsonb,
	"issue_date" date,
	"service_date" date,
	"service_period_from" date,
	"service_period_to" date,
	"due_date" date,
	"total_net" integer DEFAULT 0 NOT NULL,
	"total_vat" integer DEFAULT 0 NOT NULL,
	"total_gross" integer DEFAULT 0 NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"open_amount" integer GENERATED ALWAYS AS (case when status = 'CANCELLED' or type = 'CANCELLATION_INVOICE' then 0 else total_gross - paid_amount end) STORED NOT NULL,
	"cancels_document_id" bigint,
	"cancelled_by_document_id" bigint,
	"visible" boolean DEFAULT true NOT NULL,
	"e_invoice_format" text DEFAULT 'PDF' NOT NULL,
	"buyer_reference" text,
	"voucher_number" text,
	"footnote" text,
	"tax_exemption_note" text,
	"pdf_file_id" bigint,
	"e_invoice_file_id" bigint,
	"issued_at" timestamp with time zone,
	"exported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_documents_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "payment_documents_number_key" UNIQUE("driving_school_id","number"),
	CONSTRAINT "payment_documents_cancels_key" UNIQUE("driving_school_id","cancels_document_id"),
	CONSTRAINT "payment_documents_type_check" CHECK ("payment_documents"."type" in ('PAYMENT_REQUEST', 'PARTIAL_INVOICE', 'FINAL_INVOICE', 'CANCELLATION_INVOICE', 'COST_BEARER_INVOICE', 'DEPOSIT_INVOICE')),
	CONSTRAINT "payment_documents_status_check" CHECK ("payment_documents"."status" in ('DRAFT', 'ISSUED', 'PAID', 'PARTIALLY_PAID', 'CANCELLED')),
	CONSTRAINT "payment_documents_e_invoice_format_check" CHECK ("payment_documents"."e_invoice_format" in ('PDF', 'XRECHNUNG', 'ZUGFERD')),
	CONSTRAINT "payment_documents_number_check" CHECK (("payment_documents"."number" is null) = ("payment_documents"."status" = 'DRAFT' or "payment_documents"."type" = 'PAYMENT_REQUEST')),
	CONSTRAINT "payment_documents_number_length_check" CHECK (char_length("payment_documents"."number") between 1 and 32),
	CONSTRAINT "payment_documents_issued_check" CHECK ("payment_documents"."status" = 'DRAFT' or ("payment_documents"."issue_date" is not null and "payment_documents"."issued_at" is not null)),
	CONSTRAINT "payment_documents_cancels_check" CHECK (("payment_documents"."type" = 'CANCELLATION_INVOICE') = ("payment_documents"."cancels_document_id" is not null)),
	CONSTRAINT "payment_documents_cancellation_status_check" CHECK ("payment_documents"."type" <> 'CANCELLATION_INVOICE' or "payment_documents"."status" = 'ISSUED'),
	CONSTRAINT "payment_documents_cancelled_by_check" CHECK (("payment_documents"."status" = 'CANCELLED') = ("payment_documents"."cancelled_by_document_id" is not null)),
	CONSTRAINT "payment_documents_not_self_check" CHECK ("payment_documents"."cancels_document_id" <> "payment_documents"."id" and "payment_documents"."cancelled_by_document_id" <> "payment_documents"."id"),
	CONSTRAINT "payment_documents_payer_check" CHECK ("payment_documents"."student_id" is not null or "payment_documents"."cost_bearer_id" is not null),
	CONSTRAINT "payment_documents_totals_check" CHECK ("payment_documents"."total_gross" = "payment_documents"."total_net" + "payment_documents"."total_vat"),
	CONSTRAINT "payment_documents_total_sign_check" CHECK (case when "payment_documents"."type" = 'CANCELLATION_INVOICE' then "payment_documents"."total_gross" <= 0
        when "payment_documents"."type" = 'FINAL_INVOICE' then true else "payment_documents"."total_gross" >= 0 end),
	CONSTRAINT "payment_documents_service_period_check" CHECK ("payment_documents"."service_period_from" <= "payment_documents"."service_period_to"),
	CONSTRAINT "payment_documents_buyer_reference_check" CHECK ("payment_documents"."e_invoice_format" <> 'XRECHNUNG' or "payment_documents"."buyer_reference" is not null)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"payment_date" date NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'PAID' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"student_id" bigint,
	"student_education_id" bigint,
	"cost_bearer_id" bigint,
	"document_id" bigint,
	"mandate_id" bigint,
	"sequence_type" text,
	"end_to_end_id" text,
	"failure_reason" text,
	"bank_fee" integer,
	"note" text,
	"exported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('TRANSFER', 'DIRECT_DEBIT', 'CASH', 'CARD')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('OPEN', 'PENDING', 'PAID', 'PARTIALLY_PAID', 'FAILED', 'CANCELLED', 'CHARGED_BACK', 'REFUNDED')),
	CONSTRAINT "payments_sequence_type_check" CHECK ("payments"."sequence_type" in ('FRST', 'RCUR', 'OOFF', 'FNAL')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" <> 0),
	CONSTRAINT "payments_bank_fee_check" CHECK ("payments"."bank_fee" >= 0),
	CONSTRAINT "payments_payer_check" CHECK ("payments"."student_id" is not null or "payments"."cost_bearer_id" is not null),
	CONSTRAINT "payments_mandate_check" CHECK (("payments"."method" = 'DIRECT_DEBIT') = ("payments"."mandate_id" is not null)),
	CONSTRAINT "payments_reference_check" CHECK (char_length("payments"."reference") <= 140),
	CONSTRAINT "payments_end_to_end_id_check" CHECK (char_length("payments"."end_to_end_id") between 1 and 35)
);
--> statement-breakpoint
CREATE TABLE "checklist_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checklist_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"checklist_id" bigint NOT NULL,
	"text" text NOT NULL,
	"position" smallint NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_by_user_id" bigint,
	CONSTRAINT "checklist_items_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "checklist_items_position_key" UNIQUE("checklist_id","position"),
	CONSTRAINT "checklist_items_position_check" CHECK ("checklist_items"."position" between 0 and 99),
	CONSTRAINT "checklist_items_checked_check" CHECK ("checklist_items"."checked" = ("checklist_items"."checked_at" is not null)),
	CONSTRAINT "checklist_items_checked_by_check" CHECK ("checklist_items"."checked" or "checklist_items"."checked_by_user_id" is null)
);
--> statement-breakpoint
CREATE TABLE "checklist_template_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checklist_template_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"text" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "checklist_template_items_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "checklist_template_items_position_key" UNIQUE("template_id","position"),
	CONSTRAINT "checklist_template_items_position_check" CHECK ("checklist_template_items"."position" between 0 and 99),
	CONSTRAINT "checklist_template_items_text_check" CHECK (char_length("checklist_template_items"."text") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "checklist_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checklist_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"for_cost_bearers" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_templates_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "checklist_templates_name_check" CHECK (char_length("checklist_templates"."name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checklists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"name" text NOT NULL,
	"student_id" bigint,
	"cost_bearer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklists_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "checklists_student_template_key" UNIQUE("student_id","template_id"),
	CONSTRAINT "checklists_cost_bearer_template_key" UNIQUE("cost_bearer_id","template_id"),
	CONSTRAINT "checklists_owner_check" CHECK (("checklists"."student_id" is null) <> ("checklists"."cost_bearer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "cost_bearer_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_bearer_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"cost_bearer_id" bigint NOT NULL,
	"type" text DEFAULT 'OTHER' NOT NULL,
	"file_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"generated" boolean DEFAULT false NOT NULL,
	"from_qr_code" boolean DEFAULT false NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by_user_id" bigint,
	CONSTRAINT "cost_bearer_documents_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "cost_bearer_documents_type_check" CHECK ("cost_bearer_documents"."type" in ('ID_CARD', 'EYE_TEST', 'FIRST_AID', 'PASSPORT_PHOTO', 'APPLICATION_FORM', 'TRAINING_CONTRACT', 'EXAM_PROTOCOL', 'CERTIFICATE', 'INVOICE', 'PAYMENT_REQUEST', 'EDUCATION_VOUCHER', 'LETTER', 'OTHER')),
	CONSTRAINT "cost_bearer_documents_file_name_check" CHECK (char_length("cost_bearer_documents"."file_name") between 1 and 255),
	CONSTRAINT "cost_bearer_documents_qr_code_check" CHECK (not "cost_bearer_documents"."from_qr_code" or "cost_bearer_documents"."uploaded_by_user_id" is null)
);
--> statement-breakpoint
CREATE TABLE "cost_bearer_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_bearer_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"text" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"author_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cost_bearer_id" bigint NOT NULL,
	CONSTRAINT "cost_bearer_notes_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "cost_bearer_notes_text_check" CHECK (char_length("cost_bearer_notes"."text") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "cost_bearers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_bearers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"contact_person" text,
	"address" jsonb,
	"email" text,
	"phone" text,
	"iban" text,
	"bic" text,
	"e_invoice_format" text DEFAULT 'PDF' NOT NULL,
	"leitweg_id" text,
	"customer_number" text,
	"balance" bigint DEFAULT 0 NOT NULL,
	"upload_token" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_bearers_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "cost_bearers_kind_check" CHECK ("cost_bearers"."kind" in ('PERSON', 'COMPANY', 'EMPLOYMENT_AGENCY', 'JOB_CENTER', 'AUTHORITY', 'OTHER')),
	CONSTRAINT "cost_bearers_e_invoice_format_check" CHECK ("cost_bearers"."e_invoice_format" in ('PDF', 'XRECHNUNG', 'ZUGFERD')),
	CONSTRAINT "cost_bearers_name_check" CHECK ("cost_bearers"."name" <> ''),
	CONSTRAINT "cost_bearers_leitweg_id_check" CHECK ("cost_bearers"."e_invoice_format" <> 'XRECHNUNG' or "cost_bearers"."leitweg_id" is not null),
	CONSTRAINT "cost_bearers_balance_check" CHECK ("cost_bearers"."balance" between -100000000 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "documents_in_processing" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_in_processing_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by_user_id" bigint,
	"from_qr_code" boolean DEFAULT false NOT NULL,
	"student_id" bigint,
	"type" text,
	CONSTRAINT "documents_in_processing_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "documents_in_processing_type_check" CHECK ("documents_in_processing"."type" in ('ID_CARD', 'EYE_TEST', 'FIRST_AID', 'PASSPORT_PHOTO', 'APPLICATION_FORM', 'TRAINING_CONTRACT', 'EXAM_PROTOCOL', 'CERTIFICATE', 'INVOICE', 'PAYMENT_REQUEST', 'EDUCATION_VOUCHER', 'LETTER', 'OTHER')),
	CONSTRAINT "documents_in_processing_file_name_check" CHECK (char_length("documents_in_processing"."file_name") between 1 and 255),
	CONSTRAINT "documents_in_processing_qr_code_check" CHECK (not "documents_in_processing"."from_qr_code" or "documents_in_processing"."uploaded_by_user_id" is null)
);
--> statement-breakpoint
CREATE TABLE "education_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "education_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"student_education_id" bigint,
	"type" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"text" text NOT NULL,
	"user_id" bigint,
	"refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "education_events_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "education_events_type_check" CHECK ("education_events"."type" in ('CREATED', 'DRIVING_LESSON', 'THEORY_LESSON', 'EXAM_PLANNED', 'EXAM_RESULT', 'PAYMENT', 'DOCUMENT', 'NOTE', 'STATUS_CHANGE', 'ARCHIVED', 'UNARCHIVED')),
	CONSTRAINT "education_events_text_check" CHECK (char_length("education_events"."text") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"salutation" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"birth_place" text,
	"address" jsonb,
	"email" text,
	"phone" text,
	"language" text,
	"license_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"held_license_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"branch_id" bigint,
	"theory_course_id" bigint,
	"preferred_start_date" date,
	"message" text,
	"from_public_page" boolean DEFAULT false NOT NULL,
	"privacy_accepted_at" timestamp with time zone,
	"read" boolean DEFAULT false NOT NULL,
	"process_status" text DEFAULT 'NEW' NOT NULL,
	"matched_student_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "registrations_salutation_check" CHECK ("registrations"."salutation" in ('MR', 'MS', 'DIVERSE', 'NONE')),
	CONSTRAINT "registrations_language_check" CHECK ("registrations"."language" in ('de', 'en')),
	CONSTRAINT "registrations_process_status_check" CHECK ("registrations"."process_status" in ('NEW', 'CONTACTED', 'APPOINTMENT_MADE', 'CONTRACT_SENT', 'CONVERTED', 'REJECTED')),
	CONSTRAINT "registrations_license_classes_check" CHECK ("registrations"."license_classes" <@ array['AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T']::text[]),
	CONSTRAINT "registrations_held_license_classes_check" CHECK ("registrations"."held_license_classes" <@ array['AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T']::text[]),
	CONSTRAINT "registrations_privacy_check" CHECK (not "registrations"."from_public_page" or "registrations"."privacy_accepted_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "student_category_assignments" (
	"driving_school_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"student_category_id" bigint NOT NULL,
	CONSTRAINT "student_category_assignments_pkey" PRIMARY KEY("student_id","student_category_id")
);
--> statement-breakpoint
CREATE TABLE "student_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"student_education_id" bigint,
	"type" text NOT NULL,
	"file_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"generated" boolean DEFAULT false NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by_user_id" bigint,
	CONSTRAINT "student_documents_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "student_documents_type_check" CHECK ("student_documents"."type" in ('ID_CARD', 'EYE_TEST', 'FIRST_AID', 'PASSPORT_PHOTO', 'APPLICATION_FORM', 'TRAINING_CONTRACT', 'EXAM_PROTOCOL', 'CERTIFICATE', 'INVOICE', 'PAYMENT_REQUEST', 'EDUCATION_VOUCHER', 'LETTER', 'OTHER')),
	CONSTRAINT "student_documents_file_name_check" CHECK (char_length("student_documents"."file_name") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "student_education_cost_bearers" (
	"driving_school_id" bigint NOT NULL,
	"student_education_id" bigint NOT NULL,
	"cost_bearer_id" bigint NOT NULL,
	CONSTRAINT "student_education_cost_bearers_pkey" PRIMARY KEY("student_education_id","cost_bearer_id")
);
--> statement-breakpoint
CREATE TABLE "student_education_courses" (
	"driving_school_id" bigint NOT NULL,
	"student_education_id" bigint NOT NULL,
	"theory_course_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_education_courses_pkey" PRIMARY KEY("student_education_id","theory_course_id"),
	CONSTRAINT "student_education_courses_position_key" UNIQUE("student_education_id","position"),
	CONSTRAINT "student_education_courses_position_check" CHECK ("student_education_courses"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "student_educations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_educations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"license_class" text NOT NULL,
	"base_license_class" text,
	"status" text DEFAULT 'REGISTERED' NOT NULL,
	"instructor_id" bigint,
	"branch_id" bigint NOT NULL,
	"price_list_id" bigint,
	"payment_workflow" text DEFAULT 'CLASSIC_PAY' NOT NULL,
	"drive_buzz_enabled" boolean DEFAULT false NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"automatic_payment" boolean DEFAULT false NOT NULL,
	"theory_questions_version" text NOT NULL,
	"start_date" date,
	"theory_exam_date" date,
	"practical_exam_date" date,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_educations_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "student_educations_license_class_check" CHECK ("student_educations"."license_class" in ('AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T')),
	CONSTRAINT "student_educations_base_class_check" CHECK ("student_educations"."base_license_class" in ('AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T')),
	CONSTRAINT "student_educations_status_check" CHECK ("student_educations"."status" in ('REGISTERED', 'IN_TRAINING', 'THEORY_PASSED', 'FINISHED', 'CANCELLED')),
	CONSTRAINT "student_educations_payment_workflow_check" CHECK ("student_educations"."payment_workflow" in ('CLASSIC_PAY', 'FLASH_PAY', 'LIVE_PAY')),
	CONSTRAINT "student_educations_base_class_differs_check" CHECK ("student_educations"."base_license_class" is null or "student_educations"."base_license_class" <> "student_educations"."license_class"),
	CONSTRAINT "student_educations_finished_check" CHECK (not "student_educations"."finished" or "student_educations"."status" = 'FINISHED'),
	CONSTRAINT "student_educations_questions_version_check" CHECK ("student_educations"."theory_questions_version" ~ '^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$')
);
--> statement-breakpoint
CREATE TABLE "student_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"text" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"author_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" bigint NOT NULL,
	CONSTRAINT "student_notes_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "student_notes_text_check" CHECK (char_length("student_notes"."text") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"salutation" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"birth_place" text,
	"address" jsonb,
	"phone_private" text,
	"phone_mobile" text,
	"phone_work" text,
	"email" text,
	"learning_app_email" text,
	"payer_email" text,
	"language" text DEFAULT 'de' NOT NULL,
	"nationality" text,
	"driver_license_number" text,
	"license_date" date,
	"key_number" text,
	"previous_class" text,
	"main_class" text,
	"further_class" text,
	"grant_type" text,
	"registration_date" date DEFAULT current_date NOT NULL,
	"application_date" date,
	"application_return_date" date,
	"return_number" text,
	"process_number" text,
	"test_location" text,
	"testing_organization_id" bigint,
	"visual_aid" boolean DEFAULT false NOT NULL,
	"payment_method" text,
	"payment_workflow" text,
	"price_list_id" bigint,
	"discount" numeric(5, 2),
	"first_login_date" timestamp with time zone,
	"learning_app_login_allowed" boolean DEFAULT true NOT NULL,
	"instructor_id" bigint,
	"branch_id" bigint NOT NULL,
	"adr_expiry_date" date,
	"driver_card_expiry_date" date,
	"license_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"fqn_number" text,
	"fqn_expiry_date" date,
	"iban" text,
	"bic" text,
	"account_holder" text,
	"avatar_file_id" bigint,
	"upload_token" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "students_salutation_check" CHECK ("students"."salutation" in ('MR', 'MS', 'DIVERSE', 'NONE')),
	CONSTRAINT "students_language_check" CHECK ("students"."language" in ('de', 'en')),
	CONSTRAINT "students_previous_class_check" CHECK ("students"."previous_class" in ('AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T')),
	CONSTRAINT "students_main_class_check" CHECK ("students"."main_class" in ('AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T')),
	CONSTRAINT "students_further_class_check" CHECK ("students"."further_class" in ('AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T')),
	CONSTRAINT "students_grant_type_check" CHECK ("students"."grant_type" in ('SELF', 'PARENTS', 'EMPLOYER', 'EDUCATION_VOUCHER', 'JOB_CENTER', 'OTHER')),
	CONSTRAINT "students_payment_method_check" CHECK ("students"."payment_method" in ('TRANSFER', 'DIRECT_DEBIT', 'CASH', 'CARD')),
	CONSTRAINT "students_payment_workflow_check" CHECK ("students"."payment_workflow" in ('CLASSIC_PAY', 'FLASH_PAY', 'LIVE_PAY')),
	CONSTRAINT "students_license_classes_check" CHECK ("students"."license_classes" <@ array['AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T']::text[]),
	CONSTRAINT "students_discount_check" CHECK ("students"."discount" between 0 and 100),
	CONSTRAINT "students_names_check" CHECK ("students"."first_name" <> '' and "students"."last_name" <> ''),
	CONSTRAINT "students_iban_holder_check" CHECK ("students"."iban" is null or "students"."account_holder" is not null),
	CONSTRAINT "students_holder_iban_check" CHECK ("students"."iban" is not null or ("students"."account_holder" is null and "students"."bic" is null))
);
--> statement-breakpoint
CREATE TABLE "todo_attachments" (
	"driving_school_id" bigint NOT NULL,
	"todo_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todo_attachments_pkey" PRIMARY KEY("todo_id","file_id"),
	CONSTRAINT "todo_attachments_position_key" UNIQUE("todo_id","position"),
	CONSTRAINT "todo_attachments_position_check" CHECK ("todo_attachments"."position" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "todos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "todos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"priority" text DEFAULT 'NORMAL' NOT NULL,
	"group" text,
	"assignee_user_id" bigint,
	"due_date" date,
	"student_id" bigint,
	"created_by_user_id" bigint NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todos_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "todos_status_check" CHECK ("todos"."status" in ('OPEN', 'IN_PROGRESS', 'WAITING', 'DONE', 'CANCELLED')),
	CONSTRAINT "todos_priority_check" CHECK ("todos"."priority" in ('LOW', 'NORMAL', 'HIGH', 'URGENT')),
	CONSTRAINT "todos_group_check" CHECK ("todos"."group" in ('OFFICE', 'INSTRUCTORS', 'ACCOUNTING', 'EXAMS', 'MANAGEMENT')),
	CONSTRAINT "todos_title_check" CHECK (char_length("todos"."title") between 1 and 200),
	CONSTRAINT "todos_done_at_check" CHECK (("todos"."status" = 'DONE') = ("todos"."done_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "training_contracts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"student_education_id" bigint NOT NULL,
	"student_signature_file_id" bigint,
	"student_signed_at" timestamp with time zone,
	"parent_signature_file_id" bigint,
	"parent_signed_at" timestamp with time zone,
	"document_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_contracts_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "training_contracts_education_key" UNIQUE("student_education_id"),
	CONSTRAINT "training_contracts_student_signature_check" CHECK (("training_contracts"."student_signed_at" is null) = ("training_contracts"."student_signature_file_id" is null)),
	CONSTRAINT "training_contracts_parent_signature_check" CHECK (("training_contracts"."parent_signed_at" is null) = ("training_contracts"."parent_signature_file_id" is null))
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"minutes" smallint NOT NULL,
	"student_id" bigint,
	"student_education_id" bigint,
	"license_class" text,
	"hour_type" text,
	"instructor_id" bigint NOT NULL,
	"vehicle_id" bigint,
	"trailer_id" bigint,
	"escort_vehicle_id" bigint,
	"km_start" integer,
	"km_end" integer,
	"km_driven" integer,
	"note" text,
	"title" text,
	"repeat_rule" text DEFAULT 'NONE' NOT NULL,
	"repeat_until" date,
	"series_id" bigint,
	"include_in_payroll" boolean DEFAULT true NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone,
	"invoiced" boolean DEFAULT false NOT NULL,
	"final_invoice_id" bigint,
	"booked" boolean DEFAULT false NOT NULL,
	"booked_at" timestamp with time zone,
	"signature_file_id" bigint,
	"signed_at" timestamp with time zone,
	"branch_id" bigint,
	"cost_bearer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "appointments_type_check" CHECK ("appointments"."type" in ('DRIVING', 'THEORY', 'EXAM', 'PRIVATE', 'OTHER')),
	CONSTRAINT "appointments_hour_type_check" CHECK ("appointments"."hour_type" in ('NORMAL', 'OVERLAND', 'MOTORWAY', 'NIGHT', 'EXAM_PRESENTATION', 'BASIC_DRILL', 'SIMULATOR', 'TRAILER', 'ESCORT')),
	CONSTRAINT "appointments_license_class_check" CHECK ("appointments"."license_class" in ('AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T')),
	CONSTRAINT "appointments_repeat_rule_check" CHECK ("appointments"."repeat_rule" in ('NONE', 'DAILY', 'WEEKDAYS', 'WEEKLY', 'MONTHLY', 'YEARLY')),
	CONSTRAINT "appointments_minutes_check" CHECK ("appointments"."minutes" between 1 and 1440),
	CONSTRAINT "appointments_ends_same_day_check" CHECK (extract(epoch from "appointments"."start_time") / 60 + "appointments"."minutes" <= 1440),
	CONSTRAINT "appointments_km_start_check" CHECK ("appointments"."km_start" between 0 and 9999999),
	CONSTRAINT "appointments_km_end_check" CHECK ("appointments"."km_end" between 0 and 9999999),
	CONSTRAINT "appointments_km_order_check" CHECK ("appointments"."km_end" >= "appointments"."km_start"),
	CONSTRAINT "appointments_km_driven_check" CHECK ("appointments"."km_driven" between 0 and 5000),
	CONSTRAINT "appointments_repeat_until_check" CHECK ("appointments"."repeat_rule" = 'NONE' or "appointments"."repeat_until" is not null),
	CONSTRAINT "appointments_released_at_check" CHECK (not "appointments"."released" or "appointments"."released_at" is not null),
	CONSTRAINT "appointments_booked_at_check" CHECK (not "appointments"."booked" or "appointments"."booked_at" is not null),
	CONSTRAINT "appointments_signed_at_check" CHECK (("appointments"."signature_file_id" is null) = ("appointments"."signed_at" is null)),
	CONSTRAINT "appointments_driving_lesson_check" CHECK ("appointments"."type" <> 'DRIVING' or ("appointments"."student_id" is not null and "appointments"."student_education_id" is not null and "appointments"."hour_type" is not null))
);
--> statement-breakpoint
CREATE TABLE "dashboard_settings" (
	"driving_school_id" bigint PRIMARY KEY NOT NULL,
	"youtube_link" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_settings_youtube_link_check" CHECK ("dashboard_settings"."youtube_link" ~ '^https://(www\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com)/')
);
--> statement-breakpoint
CREATE TABLE "dashboard_widgets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dashboard_widgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"title" text NOT NULL,
	"text" text,
	"button_title" text,
	"button_url" text,
	"position" smallint NOT NULL,
	"image_file_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_widgets_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "dashboard_widgets_title_check" CHECK (length("dashboard_widgets"."title") between 1 and 255),
	CONSTRAINT "dashboard_widgets_position_check" CHECK ("dashboard_widgets"."position" between 0 and 99),
	CONSTRAINT "dashboard_widgets_button_check" CHECK (("dashboard_widgets"."button_title" is null) = ("dashboard_widgets"."button_url" is null)),
	CONSTRAINT "dashboard_widgets_button_url_check" CHECK ("dashboard_widgets"."button_url" ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE "exam_participants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_participants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"student_education_id" bigint NOT NULL,
	"status" text DEFAULT 'PLANNED' NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"ready_at" timestamp with time zone,
	"points" smallint,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"protocol_file_id" bigint,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_participants_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "exam_participants_education_key" UNIQUE("exam_id","student_education_id"),
	CONSTRAINT "exam_participants_status_check" CHECK ("exam_participants"."status" in ('PLANNED', 'READY', 'BOOKED', 'PASSED', 'FAILED', 'ABSENT', 'CANCELLED')),
	CONSTRAINT "exam_participants_points_check" CHECK ("exam_participants"."points" between 0 and 110),
	CONSTRAINT "exam_participants_attempt_check" CHECK ("exam_participants"."attempt" between 1 and 99),
	CONSTRAINT "exam_participants_ready_at_check" CHECK (not "exam_participants"."ready" or "exam_participants"."ready_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"minutes" smallint NOT NULL,
	"testing_organization_id" bigint NOT NULL,
	"list_number" text,
	"proctor_id" bigint,
	"examiner" text,
	"location" text,
	"branch_id" bigint,
	"vehicle_id" bigint,
	"license_class" text,
	"places" smallint,
	"note" text,
	"booked" boolean DEFAULT false NOT NULL,
	"booked_at" timestamp with time zone,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "exams_kind_check" CHECK ("exams"."kind" in ('THEORY', 'PRACTICAL')),
	CONSTRAINT "exams_license_class_check" CHECK ("exams"."license_class" in ('AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T')),
	CONSTRAINT "exams_minutes_check" CHECK ("exams"."minutes" between 1 and 1440),
	CONSTRAINT "exams_ends_same_day_check" CHECK (extract(epoch from "exams"."start_time") / 60 + "exams"."minutes" <= 1440),
	CONSTRAINT "exams_places_check" CHECK ("exams"."places" between 1 and 100),
	CONSTRAINT "exams_booked_at_check" CHECK (not "exams"."booked" or "exams"."booked_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "knowledge_book_pages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_book_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"book_id" smallint NOT NULL,
	"chapter_title" text NOT NULL,
	"chapter_position" smallint NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_book_pages_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "knowledge_book_pages_book_check" CHECK ("knowledge_book_pages"."book_id" in (59, 60, 61))
);
--> statement-breakpoint
CREATE TABLE "question_explanations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_explanations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"official_number" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_explanations_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "question_explanations_number_key" UNIQUE("driving_school_id","official_number"),
	CONSTRAINT "question_explanations_text_check" CHECK (length("question_explanations"."text") between 1 and 20000)
);
--> statement-breakpoint
CREATE TABLE "student_question_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_question_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"student_education_id" bigint NOT NULL,
	"theory_question_id" bigint NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"correct" boolean NOT NULL,
	"chosen_answer_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"numeric_value" text,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_question_answers_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "student_question_answers_seconds_check" CHECK ("student_question_answers"."seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "theory_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "theory_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"theory_question_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"text" text NOT NULL,
	"correct" boolean NOT NULL,
	"value" text,
	CONSTRAINT "theory_answers_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "theory_answers_position_key" UNIQUE("theory_question_id","position"),
	CONSTRAINT "theory_answers_position_check" CHECK ("theory_answers"."position" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "theory_chapters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "theory_chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"official_number" text NOT NULL,
	"name" text NOT NULL,
	"basic" boolean DEFAULT true NOT NULL,
	"details_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theory_chapters_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "theory_chapters_number_key" UNIQUE("driving_school_id","official_number"),
	CONSTRAINT "theory_chapters_number_check" CHECK ("theory_chapters"."official_number" ~ '^[0-9]{1,2}(\.[0-9]{1,2}(\.[0-9]{2})?)?$'),
	CONSTRAINT "theory_chapters_details_url_check" CHECK ("theory_chapters"."details_url" ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE "theory_courses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "theory_courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"short_description" text NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"quantity" smallint NOT NULL,
	"shown_on_web_page" boolean DEFAULT false NOT NULL,
	"teaching_material_product_id" bigint,
	"basic_fee_product_id" bigint,
	"show_for_onboarding" boolean DEFAULT false NOT NULL,
	"license_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"branch_id" bigint NOT NULL,
	"instructor_id" bigint,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theory_courses_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "theory_courses_short_description_check" CHECK (length("theory_courses"."short_description") >= 1),
	CONSTRAINT "theory_courses_dates_check" CHECK ("theory_courses"."end" >= "theory_courses"."start"),
	CONSTRAINT "theory_courses_quantity_check" CHECK ("theory_courses"."quantity" between 1 and 500),
	CONSTRAINT "theory_courses_license_classes_check" CHECK ("theory_courses"."license_classes" <@ array['AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T']::text[])
);
--> statement-breakpoint
CREATE TABLE "theory_lesson_participants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "theory_lesson_participants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"theory_lesson_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"student_education_id" bigint NOT NULL,
	"signature_file_id" bigint,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theory_lesson_participants_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "theory_lesson_participants_student_key" UNIQUE("theory_lesson_id","student_id"),
	CONSTRAINT "theory_lesson_participants_signed_at_check" CHECK (("theory_lesson_participants"."signature_file_id" is null) = ("theory_lesson_participants"."signed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "theory_lessons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "theory_lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"theory_course_id" bigint,
	"additional" boolean NOT NULL,
	"lesson_number" smallint NOT NULL,
	"topic" text NOT NULL,
	"license_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"minutes" smallint DEFAULT 90 NOT NULL,
	"instructor_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"room" text,
	"booked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theory_lessons_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "theory_lessons_lesson_number_check" CHECK ("theory_lessons"."lesson_number" between 1 and 20),
	CONSTRAINT "theory_lessons_minutes_check" CHECK ("theory_lessons"."minutes" between 1 and 1440),
	CONSTRAINT "theory_lessons_ends_same_day_check" CHECK (extract(epoch from "theory_lessons"."start_time") / 60 + "theory_lessons"."minutes" <= 1440),
	CONSTRAINT "theory_lessons_license_classes_check" CHECK ("theory_lessons"."license_classes" <@ array['AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T']::text[]),
	CONSTRAINT "theory_lessons_additional_classes_check" CHECK (not "theory_lessons"."additional" or cardinality("theory_lessons"."license_classes") >= 1)
);
--> statement-breakpoint
CREATE TABLE "theory_pre_exam_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "theory_pre_exam_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"theory_pre_exam_id" bigint NOT NULL,
	"theory_question_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"chosen_answer_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"numeric_value" text,
	"correct" boolean DEFAULT false NOT NULL,
	CONSTRAINT "theory_pre_exam_questions_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "theory_pre_exam_questions_position_key" UNIQUE("theory_pre_exam_id","position"),
	CONSTRAINT "theory_pre_exam_questions_position_check" CHECK ("theory_pre_exam_questions"."position" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "theory_pre_exams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "theory_pre_exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"student_education_id" bigint NOT NULL,
	"license_class" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"question_count" smallint NOT NULL,
	"error_points" smallint,
	"passed" boolean,
	CONSTRAINT "theory_pre_exams_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "theory_pre_exams_license_class_check" CHECK ("theory_pre_exams"."license_class" in ('AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T')),
	CONSTRAINT "theory_pre_exams_question_count_check" CHECK ("theory_pre_exams"."question_count" between 1 and 50),
	CONSTRAINT "theory_pre_exams_error_points_check" CHECK ("theory_pre_exams"."error_points" between 0 and 110),
	CONSTRAINT "theory_pre_exams_finished_check" CHECK ("theory_pre_exams"."finished_at" >= "theory_pre_exams"."started_at")
);
--> statement-breakpoint
CREATE TABLE "theory_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "theory_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"questions_version" text NOT NULL,
	"official_number" text NOT NULL,
	"chapter" text NOT NULL,
	"points" smallint NOT NULL,
	"text" text NOT NULL,
	"numeric" boolean DEFAULT false NOT NULL,
	"basic" boolean NOT NULL,
	"license_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text,
	"video_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theory_questions_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "theory_questions_number_key" UNIQUE("driving_school_id","questions_version","official_number"),
	CONSTRAINT "theory_questions_number_check" CHECK ("theory_questions"."official_number" ~ '^[0-9]{1,2}\.[0-9]{1,2}\.[0-9]{2}-[0-9]{3}(-[A-Z])?$'),
	CONSTRAINT "theory_questions_points_check" CHECK ("theory_questions"."points" between 2 and 5),
	CONSTRAINT "theory_questions_version_check" CHECK ("theory_questions"."questions_version" ~ '^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$'),
	CONSTRAINT "theory_questions_license_classes_check" CHECK ("theory_questions"."license_classes" <@ array['AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T']::text[])
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_file_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "day_work_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_calendar_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "license_classes" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts_configs" ADD CONSTRAINT "accounts_configs_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_price_list_fk" FOREIGN KEY ("driving_school_id","price_list_id") REFERENCES "public"."price_lists"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_school_documents" ADD CONSTRAINT "driving_school_documents_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_school_documents" ADD CONSTRAINT "driving_school_documents_letterhead_fk" FOREIGN KEY ("driving_school_id","letterhead_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_school_documents" ADD CONSTRAINT "driving_school_documents_signature_fk" FOREIGN KEY ("driving_school_id","signature_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_school_documents" ADD CONSTRAINT "driving_school_documents_logo_fk" FOREIGN KEY ("driving_school_id","logo_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driving_school_features" ADD CONSTRAINT "driving_school_features_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_config_users" ADD CONSTRAINT "email_config_users_email_config_fk" FOREIGN KEY ("driving_school_id","email_config_id") REFERENCES "public"."email_configs"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_config_users" ADD CONSTRAINT "email_config_users_user_fk" FOREIGN KEY ("driving_school_id","user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_configs" ADD CONSTRAINT "email_configs_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_configs" ADD CONSTRAINT "financial_configs_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_data" ADD CONSTRAINT "master_data_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_price_list_fk" FOREIGN KEY ("driving_school_id","price_list_id") REFERENCES "public"."price_lists"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_product_fk" FOREIGN KEY ("driving_school_id","product_id") REFERENCES "public"."products"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_categories" ADD CONSTRAINT "student_categories_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_organizations" ADD CONSTRAINT "testing_organizations_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_branches" ADD CONSTRAINT "user_branches_user_fk" FOREIGN KEY ("driving_school_id","user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_branches" ADD CONSTRAINT "user_branches_branch_fk" FOREIGN KEY ("driving_school_id","branch_id") REFERENCES "public"."branches"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_instructors" ADD CONSTRAINT "vehicle_instructors_vehicle_fk" FOREIGN KEY ("driving_school_id","vehicle_id") REFERENCES "public"."vehicles"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_instructors" ADD CONSTRAINT "vehicle_instructors_user_fk" FOREIGN KEY ("driving_school_id","user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_branch_fk" FOREIGN KEY ("driving_school_id","branch_id") REFERENCES "public"."branches"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_calendar_access" ADD CONSTRAINT "user_calendar_access_user_fk" FOREIGN KEY ("driving_school_id","user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_calendar_access" ADD CONSTRAINT "user_calendar_access_grantee_fk" FOREIGN KEY ("driving_school_id","grantee_user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_payment_triggers" ADD CONSTRAINT "automatic_payment_triggers_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_broadcast_fk" FOREIGN KEY ("driving_school_id","broadcast_id") REFERENCES "public"."broadcasts"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_templates" ADD CONSTRAINT "broadcast_templates_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_email_fk" FOREIGN KEY ("driving_school_id","email_id") REFERENCES "public"."emails"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_file_fk" FOREIGN KEY ("driving_school_id","file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_template_categories" ADD CONSTRAINT "email_template_categories_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_category_fk" FOREIGN KEY ("driving_school_id","template_category_id") REFERENCES "public"."email_template_categories"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_email_config_fk" FOREIGN KEY ("driving_school_id","email_config_id") REFERENCES "public"."email_configs"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_number_sequences" ADD CONSTRAINT "invoice_number_sequences_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_pay_mandates" ADD CONSTRAINT "live_pay_mandates_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_pay_mandates" ADD CONSTRAINT "live_pay_mandates_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_pay_mandates" ADD CONSTRAINT "live_pay_mandates_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_document_lines" ADD CONSTRAINT "payment_document_lines_document_fk" FOREIGN KEY ("driving_school_id","document_id") REFERENCES "public"."payment_documents"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_document_lines" ADD CONSTRAINT "payment_document_lines_product_fk" FOREIGN KEY ("driving_school_id","product_id") REFERENCES "public"."products"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_document_lines" ADD CONSTRAINT "payment_document_lines_appointment_fk" FOREIGN KEY ("driving_school_id","appointment_id") REFERENCES "public"."appointments"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_cancels_fk" FOREIGN KEY ("driving_school_id","cancels_document_id") REFERENCES "public"."payment_documents"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_cost_bearer_fk" FOREIGN KEY ("driving_school_id","cost_bearer_id") REFERENCES "public"."cost_bearers"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_cancelled_by_fk" FOREIGN KEY ("driving_school_id","cancelled_by_document_id") REFERENCES "public"."payment_documents"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_pdf_file_fk" FOREIGN KEY ("driving_school_id","pdf_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_e_invoice_file_fk" FOREIGN KEY ("driving_school_id","e_invoice_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_document_fk" FOREIGN KEY ("driving_school_id","document_id") REFERENCES "public"."payment_documents"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_mandate_fk" FOREIGN KEY ("driving_school_id","mandate_id") REFERENCES "public"."live_pay_mandates"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cost_bearer_fk" FOREIGN KEY ("driving_school_id","cost_bearer_id") REFERENCES "public"."cost_bearers"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_checklist_fk" FOREIGN KEY ("driving_school_id","checklist_id") REFERENCES "public"."checklists"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_checked_by_fk" FOREIGN KEY ("driving_school_id","checked_by_user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_template_items" ADD CONSTRAINT "checklist_template_items_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_template_items" ADD CONSTRAINT "checklist_template_items_template_fk" FOREIGN KEY ("driving_school_id","template_id") REFERENCES "public"."checklist_templates"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_cost_bearer_fk" FOREIGN KEY ("driving_school_id","cost_bearer_id") REFERENCES "public"."cost_bearers"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_bearer_documents" ADD CONSTRAINT "cost_bearer_documents_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_bearer_documents" ADD CONSTRAINT "cost_bearer_documents_cost_bearer_fk" FOREIGN KEY ("driving_school_id","cost_bearer_id") REFERENCES "public"."cost_bearers"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_bearer_documents" ADD CONSTRAINT "cost_bearer_documents_file_fk" FOREIGN KEY ("driving_school_id","file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_bearer_documents" ADD CONSTRAINT "cost_bearer_documents_uploaded_by_fk" FOREIGN KEY ("driving_school_id","uploaded_by_user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_bearer_notes" ADD CONSTRAINT "cost_bearer_notes_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_bearer_notes" ADD CONSTRAINT "cost_bearer_notes_cost_bearer_fk" FOREIGN KEY ("driving_school_id","cost_bearer_id") REFERENCES "public"."cost_bearers"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_bearer_notes" ADD CONSTRAINT "cost_bearer_notes_author_fk" FOREIGN KEY ("driving_school_id","author_user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_bearers" ADD CONSTRAINT "cost_bearers_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents_in_processing" ADD CONSTRAINT "documents_in_processing_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents_in_processing" ADD CONSTRAINT "documents_in_processing_file_fk" FOREIGN KEY ("driving_school_id","file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents_in_processing" ADD CONSTRAINT "documents_in_processing_uploaded_by_fk" FOREIGN KEY ("driving_school_id","uploaded_by_user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents_in_processing" ADD CONSTRAINT "documents_in_processing_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE set null (student_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_events" ADD CONSTRAINT "education_events_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_events" ADD CONSTRAINT "education_events_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_events" ADD CONSTRAINT "education_events_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_events" ADD CONSTRAINT "education_events_user_fk" FOREIGN KEY ("driving_school_id","user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_branch_fk" FOREIGN KEY ("driving_school_id","branch_id") REFERENCES "public"."branches"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_theory_course_fk" FOREIGN KEY ("driving_school_id","theory_course_id") REFERENCES "public"."theory_courses"("driving_school_id","id") ON DELETE set null (theory_course_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_matched_student_fk" FOREIGN KEY ("driving_school_id","matched_student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE set null (matched_student_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_category_assignments" ADD CONSTRAINT "student_category_assignments_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_category_assignments" ADD CONSTRAINT "student_category_assignments_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_category_assignments" ADD CONSTRAINT "student_category_assignments_category_fk" FOREIGN KEY ("driving_school_id","student_category_id") REFERENCES "public"."student_categories"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE set null (student_education_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_file_fk" FOREIGN KEY ("driving_school_id","file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_uploaded_by_fk" FOREIGN KEY ("driving_school_id","uploaded_by_user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_education_cost_bearers" ADD CONSTRAINT "student_education_cost_bearers_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_education_cost_bearers" ADD CONSTRAINT "student_education_cost_bearers_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_education_cost_bearers" ADD CONSTRAINT "student_education_cost_bearers_cost_bearer_fk" FOREIGN KEY ("driving_school_id","cost_bearer_id") REFERENCES "public"."cost_bearers"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_education_courses" ADD CONSTRAINT "student_education_courses_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_education_courses" ADD CONSTRAINT "student_education_courses_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_education_courses" ADD CONSTRAINT "student_education_courses_course_fk" FOREIGN KEY ("driving_school_id","theory_course_id") REFERENCES "public"."theory_courses"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_educations" ADD CONSTRAINT "student_educations_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_educations" ADD CONSTRAINT "student_educations_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_educations" ADD CONSTRAINT "student_educations_instructor_fk" FOREIGN KEY ("driving_school_id","instructor_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_educations" ADD CONSTRAINT "student_educations_branch_fk" FOREIGN KEY ("driving_school_id","branch_id") REFERENCES "public"."branches"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_educations" ADD CONSTRAINT "student_educations_price_list_fk" FOREIGN KEY ("driving_school_id","price_list_id") REFERENCES "public"."price_lists"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notes" ADD CONSTRAINT "student_notes_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notes" ADD CONSTRAINT "student_notes_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notes" ADD CONSTRAINT "student_notes_author_fk" FOREIGN KEY ("driving_school_id","author_user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_branch_fk" FOREIGN KEY ("driving_school_id","branch_id") REFERENCES "public"."branches"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_instructor_fk" FOREIGN KEY ("driving_school_id","instructor_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_price_list_fk" FOREIGN KEY ("driving_school_id","price_list_id") REFERENCES "public"."price_lists"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_testing_organization_fk" FOREIGN KEY ("driving_school_id","testing_organization_id") REFERENCES "public"."testing_organizations"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_avatar_fk" FOREIGN KEY ("driving_school_id","avatar_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_attachments" ADD CONSTRAINT "todo_attachments_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_attachments" ADD CONSTRAINT "todo_attachments_todo_fk" FOREIGN KEY ("driving_school_id","todo_id") REFERENCES "public"."todos"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_attachments" ADD CONSTRAINT "todo_attachments_file_fk" FOREIGN KEY ("driving_school_id","file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_assignee_fk" FOREIGN KEY ("driving_school_id","assignee_user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE set null (student_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_created_by_fk" FOREIGN KEY ("driving_school_id","created_by_user_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_contracts" ADD CONSTRAINT "training_contracts_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_contracts" ADD CONSTRAINT "training_contracts_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_contracts" ADD CONSTRAINT "training_contracts_student_signature_fk" FOREIGN KEY ("driving_school_id","student_signature_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_contracts" ADD CONSTRAINT "training_contracts_parent_signature_fk" FOREIGN KEY ("driving_school_id","parent_signature_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_contracts" ADD CONSTRAINT "training_contracts_document_fk" FOREIGN KEY ("driving_school_id","document_id") REFERENCES "public"."student_documents"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_instructor_fk" FOREIGN KEY ("driving_school_id","instructor_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_vehicle_fk" FOREIGN KEY ("driving_school_id","vehicle_id") REFERENCES "public"."vehicles"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_trailer_fk" FOREIGN KEY ("driving_school_id","trailer_id") REFERENCES "public"."vehicles"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_escort_vehicle_fk" FOREIGN KEY ("driving_school_id","escort_vehicle_id") REFERENCES "public"."vehicles"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_branch_fk" FOREIGN KEY ("driving_school_id","branch_id") REFERENCES "public"."branches"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_student_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cost_bearer_fk" FOREIGN KEY ("driving_school_id","cost_bearer_id") REFERENCES "public"."cost_bearers"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_signature_file_fk" FOREIGN KEY ("driving_school_id","signature_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_settings" ADD CONSTRAINT "dashboard_settings_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_image_file_fk" FOREIGN KEY ("driving_school_id","image_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_participants" ADD CONSTRAINT "exam_participants_exam_fk" FOREIGN KEY ("driving_school_id","exam_id") REFERENCES "public"."exams"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_participants" ADD CONSTRAINT "exam_participants_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_participants" ADD CONSTRAINT "exam_participants_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_participants" ADD CONSTRAINT "exam_participants_protocol_file_fk" FOREIGN KEY ("driving_school_id","protocol_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_testing_organization_fk" FOREIGN KEY ("driving_school_id","testing_organization_id") REFERENCES "public"."testing_organizations"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_proctor_fk" FOREIGN KEY ("driving_school_id","proctor_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_branch_fk" FOREIGN KEY ("driving_school_id","branch_id") REFERENCES "public"."branches"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_vehicle_fk" FOREIGN KEY ("driving_school_id","vehicle_id") REFERENCES "public"."vehicles"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_book_pages" ADD CONSTRAINT "knowledge_book_pages_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_explanations" ADD CONSTRAINT "question_explanations_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_question_answers" ADD CONSTRAINT "student_question_answers_question_fk" FOREIGN KEY ("driving_school_id","theory_question_id") REFERENCES "public"."theory_questions"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_question_answers" ADD CONSTRAINT "student_question_answers_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_question_answers" ADD CONSTRAINT "student_question_answers_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_answers" ADD CONSTRAINT "theory_answers_question_fk" FOREIGN KEY ("driving_school_id","theory_question_id") REFERENCES "public"."theory_questions"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_chapters" ADD CONSTRAINT "theory_chapters_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_courses" ADD CONSTRAINT "theory_courses_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_courses" ADD CONSTRAINT "theory_courses_branch_fk" FOREIGN KEY ("driving_school_id","branch_id") REFERENCES "public"."branches"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_courses" ADD CONSTRAINT "theory_courses_instructor_fk" FOREIGN KEY ("driving_school_id","instructor_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_courses" ADD CONSTRAINT "theory_courses_teaching_material_product_fk" FOREIGN KEY ("driving_school_id","teaching_material_product_id") REFERENCES "public"."products"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_courses" ADD CONSTRAINT "theory_courses_basic_fee_product_fk" FOREIGN KEY ("driving_school_id","basic_fee_product_id") REFERENCES "public"."products"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_lesson_participants" ADD CONSTRAINT "theory_lesson_participants_lesson_fk" FOREIGN KEY ("driving_school_id","theory_lesson_id") REFERENCES "public"."theory_lessons"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_lesson_participants" ADD CONSTRAINT "theory_lesson_participants_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_lesson_participants" ADD CONSTRAINT "theory_lesson_participants_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_lesson_participants" ADD CONSTRAINT "theory_lesson_participants_signature_file_fk" FOREIGN KEY ("driving_school_id","signature_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_lessons" ADD CONSTRAINT "theory_lessons_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_lessons" ADD CONSTRAINT "theory_lessons_course_fk" FOREIGN KEY ("driving_school_id","theory_course_id") REFERENCES "public"."theory_courses"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_lessons" ADD CONSTRAINT "theory_lessons_instructor_fk" FOREIGN KEY ("driving_school_id","instructor_id") REFERENCES "public"."users"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_lessons" ADD CONSTRAINT "theory_lessons_branch_fk" FOREIGN KEY ("driving_school_id","branch_id") REFERENCES "public"."branches"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_pre_exam_questions" ADD CONSTRAINT "theory_pre_exam_questions_pre_exam_fk" FOREIGN KEY ("driving_school_id","theory_pre_exam_id") REFERENCES "public"."theory_pre_exams"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_pre_exam_questions" ADD CONSTRAINT "theory_pre_exam_questions_question_fk" FOREIGN KEY ("driving_school_id","theory_question_id") REFERENCES "public"."theory_questions"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_pre_exams" ADD CONSTRAINT "theory_pre_exams_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_pre_exams" ADD CONSTRAINT "theory_pre_exams_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theory_questions" ADD CONSTRAINT "theory_questions_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_name_key" ON "branches" USING btree ("driving_school_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "branches_abbreviation_key" ON "branches" USING btree ("driving_school_id",lower("abbreviation"));--> statement-breakpoint
CREATE INDEX "branches_price_list_idx" ON "branches" USING btree ("driving_school_id","price_list_id");--> statement-breakpoint
CREATE INDEX "email_config_users_user_idx" ON "email_config_users" USING btree ("driving_school_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_configs_email_key" ON "email_configs" USING btree ("driving_school_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_name_key" ON "price_lists" USING btree ("driving_school_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_standard_key" ON "price_lists" USING btree ("driving_school_id") WHERE "price_lists"."standard";--> statement-breakpoint
CREATE INDEX "prices_product_idx" ON "prices" USING btree ("driving_school_id","product_id");--> statement-breakpoint
CREATE INDEX "products_type_name_idx" ON "products" USING btree ("driving_school_id","type","name");--> statement-breakpoint
CREATE UNIQUE INDEX "student_categories_name_key" ON "student_categories" USING btree ("driving_school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "user_branches_branch_idx" ON "user_branches" USING btree ("driving_school_id","branch_id");--> statement-breakpoint
CREATE INDEX "vehicle_instructors_user_idx" ON "vehicle_instructors" USING btree ("driving_school_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_key" ON "vehicles" USING btree ("driving_school_id","plate") WHERE not "vehicles"."archived";--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_chassis_number_key" ON "vehicles" USING btree ("driving_school_id","chassis_number") WHERE not "vehicles"."archived";--> statement-breakpoint
CREATE INDEX "vehicles_branch_idx" ON "vehicles" USING btree ("driving_school_id","branch_id");--> statement-breakpoint
CREATE INDEX "vehicles_main_inspection_idx" ON "vehicles" USING btree ("driving_school_id","main_inspection_date");--> statement-breakpoint
CREATE INDEX "vehicles_safety_check_idx" ON "vehicles" USING btree ("driving_school_id","safety_check_date");--> statement-breakpoint
CREATE INDEX "user_calendar_access_grantee_idx" ON "user_calendar_access" USING btree ("driving_school_id","grantee_user_id");--> statement-breakpoint
CREATE INDEX "automatic_payment_triggers_event_idx" ON "automatic_payment_triggers" USING btree ("driving_school_id","event");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_student_idx" ON "broadcast_recipients" USING btree ("driving_school_id","student_id");--> statement-breakpoint
CREATE INDEX "broadcast_templates_name_idx" ON "broadcast_templates" USING btree ("driving_school_id","name");--> statement-breakpoint
CREATE INDEX "broadcasts_state_idx" ON "broadcasts" USING btree ("driving_school_id","state");--> statement-breakpoint
CREATE INDEX "broadcasts_publish_from_idx" ON "broadcasts" USING btree ("driving_school_id","publish_from");--> statement-breakpoint
CREATE INDEX "email_templates_category_idx" ON "email_templates" USING btree ("driving_school_id","template_category_id");--> statement-breakpoint
CREATE INDEX "email_templates_name_idx" ON "email_templates" USING btree ("driving_school_id","name");--> statement-breakpoint
CREATE INDEX "emails_config_folder_date_idx" ON "emails" USING btree ("driving_school_id","email_config_id","folder",coalesce("received_at", "sent_at"));--> statement-breakpoint
CREATE INDEX "emails_unread_idx" ON "emails" USING btree ("driving_school_id","email_config_id") WHERE "emails"."folder" = 'INBOX' and not "emails"."read";--> statement-breakpoint
CREATE INDEX "emails_student_idx" ON "emails" USING btree ("driving_school_id","student_id");--> statement-breakpoint
CREATE INDEX "live_pay_mandates_student_idx" ON "live_pay_mandates" USING btree ("driving_school_id","student_id");--> statement-breakpoint
CREATE INDEX "live_pay_mandates_education_idx" ON "live_pay_mandates" USING btree ("driving_school_id","student_education_id");--> statement-breakpoint
CREATE INDEX "live_pay_mandates_status_idx" ON "live_pay_mandates" USING btree ("driving_school_id","status");--> statement-breakpoint
CREATE INDEX "payment_document_lines_product_idx" ON "payment_document_lines" USING btree ("driving_school_id","product_id");--> statement-breakpoint
CREATE INDEX "payment_document_lines_appointment_idx" ON "payment_document_lines" USING btree ("driving_school_id","appointment_id");--> statement-breakpoint
CREATE INDEX "payment_documents_type_idx" ON "payment_documents" USING btree ("driving_school_id","type");--> statement-breakpoint
CREATE INDEX "payment_documents_status_idx" ON "payment_documents" USING btree ("driving_school_id","status");--> statement-breakpoint
CREATE INDEX "payment_documents_student_idx" ON "payment_documents" USING btree ("driving_school_id","student_id");--> statement-breakpoint
CREATE INDEX "payment_documents_cost_bearer_idx" ON "payment_documents" USING btree ("driving_school_id","cost_bearer_id");--> statement-breakpoint
CREATE INDEX "payment_documents_education_idx" ON "payment_documents" USING btree ("driving_school_id","student_education_id");--> statement-breakpoint
CREATE INDEX "payment_documents_issue_date_idx" ON "payment_documents" USING btree ("driving_school_id","issue_date");--> statement-breakpoint
CREATE INDEX "payment_documents_due_date_idx" ON "payment_documents" USING btree ("driving_school_id","due_date");--> statement-breakpoint
CREATE INDEX "payments_student_idx" ON "payments" USING btree ("driving_school_id","student_id");--> statement-breakpoint
CREATE INDEX "payments_education_idx" ON "payments" USING btree ("driving_school_id","student_education_id");--> statement-breakpoint
CREATE INDEX "payments_cost_bearer_idx" ON "payments" USING btree ("driving_school_id","cost_bearer_id");--> statement-breakpoint
CREATE INDEX "payments_document_idx" ON "payments" USING btree ("driving_school_id","document_id");--> statement-breakpoint
CREATE INDEX "payments_mandate_idx" ON "payments" USING btree ("driving_school_id","mandate_id");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("driving_school_id","payment_date");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("driving_school_id","status");--> statement-breakpoint
CREATE INDEX "checklist_templates_name_idx" ON "checklist_templates" USING btree ("driving_school_id","for_cost_bearers",lower("name"));--> statement-breakpoint
CREATE INDEX "checklists_cost_bearer_idx" ON "checklists" USING btree ("driving_school_id","cost_bearer_id");--> statement-breakpoint
CREATE INDEX "cost_bearer_documents_cost_bearer_idx" ON "cost_bearer_documents" USING btree ("driving_school_id","cost_bearer_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "cost_bearer_notes_cost_bearer_idx" ON "cost_bearer_notes" USING btree ("driving_school_id","cost_bearer_id","date");--> statement-breakpoint
CREATE INDEX "cost_bearer_notes_date_idx" ON "cost_bearer_notes" USING btree ("driving_school_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_bearers_upload_token_key" ON "cost_bearers" USING btree ("upload_token");--> statement-breakpoint
CREATE INDEX "cost_bearers_name_idx" ON "cost_bearers" USING btree ("driving_school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cost_bearers_kind_idx" ON "cost_bearers" USING btree ("driving_school_id","kind");--> statement-breakpoint
CREATE INDEX "cost_bearers_archived_idx" ON "cost_bearers" USING btree ("driving_school_id","archived");--> statement-breakpoint
CREATE INDEX "documents_in_processing_uploaded_idx" ON "documents_in_processing" USING btree ("driving_school_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "education_events_student_idx" ON "education_events" USING btree ("driving_school_id","student_id","date");--> statement-breakpoint
CREATE INDEX "registrations_created_idx" ON "registrations" USING btree ("driving_school_id","created_at");--> statement-breakpoint
CREATE INDEX "registrations_unread_idx" ON "registrations" USING btree ("driving_school_id","read");--> statement-breakpoint
CREATE INDEX "registrations_status_idx" ON "registrations" USING btree ("driving_school_id","process_status");--> statement-breakpoint
CREATE INDEX "registrations_email_idx" ON "registrations" USING btree ("driving_school_id",lower("email"));--> statement-breakpoint
CREATE INDEX "student_category_assignments_category_idx" ON "student_category_assignments" USING btree ("driving_school_id","student_category_id");--> statement-breakpoint
CREATE INDEX "student_documents_student_idx" ON "student_documents" USING btree ("driving_school_id","student_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "student_documents_education_idx" ON "student_documents" USING btree ("driving_school_id","student_education_id");--> statement-breakpoint
CREATE INDEX "student_education_cost_bearers_cost_bearer_idx" ON "student_education_cost_bearers" USING btree ("driving_school_id","cost_bearer_id");--> statement-breakpoint
CREATE INDEX "student_education_courses_course_idx" ON "student_education_courses" USING btree ("driving_school_id","theory_course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_educations_class_key" ON "student_educations" USING btree ("driving_school_id","student_id","license_class") WHERE not "student_educations"."archived";--> statement-breakpoint
CREATE INDEX "student_educations_student_idx" ON "student_educations" USING btree ("driving_school_id","student_id");--> statement-breakpoint
CREATE INDEX "student_educations_class_idx" ON "student_educations" USING btree ("driving_school_id","license_class");--> statement-breakpoint
CREATE INDEX "student_educations_status_idx" ON "student_educations" USING btree ("driving_school_id","status");--> statement-breakpoint
CREATE INDEX "student_educations_instructor_idx" ON "student_educations" USING btree ("driving_school_id","instructor_id");--> statement-breakpoint
CREATE INDEX "student_educations_branch_idx" ON "student_educations" USING btree ("driving_school_id","branch_id");--> statement-breakpoint
CREATE INDEX "student_educations_archived_idx" ON "student_educations" USING btree ("driving_school_id","archived");--> statement-breakpoint
CREATE INDEX "student_notes_student_idx" ON "student_notes" USING btree ("driving_school_id","student_id","date");--> statement-breakpoint
CREATE INDEX "student_notes_date_idx" ON "student_notes" USING btree ("driving_school_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "students_email_key" ON "students" USING btree ("driving_school_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "students_upload_token_key" ON "students" USING btree ("upload_token");--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("driving_school_id",lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE INDEX "students_learning_app_email_idx" ON "students" USING btree ("driving_school_id",lower("learning_app_email"));--> statement-breakpoint
CREATE INDEX "students_branch_idx" ON "students" USING btree ("driving_school_id","branch_id");--> statement-breakpoint
CREATE INDEX "students_instructor_idx" ON "students" USING btree ("driving_school_id","instructor_id");--> statement-breakpoint
CREATE INDEX "students_archived_idx" ON "students" USING btree ("driving_school_id","archived");--> statement-breakpoint
CREATE INDEX "students_main_class_idx" ON "students" USING btree ("driving_school_id","main_class");--> statement-breakpoint
CREATE INDEX "students_registration_date_idx" ON "students" USING btree ("driving_school_id","registration_date");--> statement-breakpoint
CREATE INDEX "todos_status_idx" ON "todos" USING btree ("driving_school_id","status","due_date");--> statement-breakpoint
CREATE INDEX "todos_assignee_idx" ON "todos" USING btree ("driving_school_id","assignee_user_id");--> statement-breakpoint
CREATE INDEX "todos_student_idx" ON "todos" USING btree ("driving_school_id","student_id");--> statement-breakpoint
CREATE INDEX "todos_due_idx" ON "todos" USING btree ("driving_school_id","due_date");--> statement-breakpoint
CREATE INDEX "appointments_date_idx" ON "appointments" USING btree ("driving_school_id","date","start_time");--> statement-breakpoint
CREATE INDEX "appointments_instructor_date_idx" ON "appointments" USING btree ("driving_school_id","instructor_id","date","start_time");--> statement-breakpoint
CREATE INDEX "appointments_vehicle_date_idx" ON "appointments" USING btree ("driving_school_id","vehicle_id","date") WHERE "appointments"."vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_trailer_date_idx" ON "appointments" USING btree ("driving_school_id","trailer_id","date") WHERE "appointments"."trailer_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_escort_vehicle_date_idx" ON "appointments" USING btree ("driving_school_id","escort_vehicle_id","date") WHERE "appointments"."escort_vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_student_idx" ON "appointments" USING btree ("driving_school_id","student_id","date") WHERE "appointments"."student_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_student_education_idx" ON "appointments" USING btree ("driving_school_id","student_education_id") WHERE "appointments"."student_education_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_cost_bearer_idx" ON "appointments" USING btree ("driving_school_id","cost_bearer_id","date") WHERE "appointments"."cost_bearer_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("driving_school_id","series_id") WHERE "appointments"."series_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_final_invoice_idx" ON "appointments" USING btree ("driving_school_id","final_invoice_id") WHERE "appointments"."final_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "dashboard_widgets_position_idx" ON "dashboard_widgets" USING btree ("driving_school_id","position");--> statement-breakpoint
CREATE INDEX "exam_participants_student_idx" ON "exam_participants" USING btree ("driving_school_id","student_id");--> statement-breakpoint
CREATE INDEX "exam_participants_education_idx" ON "exam_participants" USING btree ("driving_school_id","student_education_id");--> statement-breakpoint
CREATE INDEX "exams_kind_date_idx" ON "exams" USING btree ("driving_school_id","kind","date");--> statement-breakpoint
CREATE INDEX "exams_testing_organization_idx" ON "exams" USING btree ("driving_school_id","testing_organization_id","date");--> statement-breakpoint
CREATE INDEX "exams_proctor_idx" ON "exams" USING btree ("driving_school_id","proctor_id","date") WHERE "exams"."proctor_id" is not null;--> statement-breakpoint
CREATE INDEX "knowledge_book_pages_book_idx" ON "knowledge_book_pages" USING btree ("driving_school_id","book_id","chapter_position","position");--> statement-breakpoint
CREATE INDEX "student_question_answers_education_idx" ON "student_question_answers" USING btree ("driving_school_id","student_education_id","theory_question_id","answered_at");--> statement-breakpoint
CREATE INDEX "student_question_answers_student_idx" ON "student_question_answers" USING btree ("driving_school_id","student_id","theory_question_id");--> statement-breakpoint
CREATE INDEX "theory_courses_start_idx" ON "theory_courses" USING btree ("driving_school_id","start");--> statement-breakpoint
CREATE INDEX "theory_courses_branch_idx" ON "theory_courses" USING btree ("driving_school_id","branch_id","start");--> statement-breakpoint
CREATE INDEX "theory_lesson_participants_student_idx" ON "theory_lesson_participants" USING btree ("driving_school_id","student_id");--> statement-breakpoint
CREATE INDEX "theory_lesson_participants_education_idx" ON "theory_lesson_participants" USING btree ("driving_school_id","student_education_id");--> statement-breakpoint
CREATE INDEX "theory_lessons_date_idx" ON "theory_lessons" USING btree ("driving_school_id","date","start_time");--> statement-breakpoint
CREATE INDEX "theory_lessons_course_idx" ON "theory_lessons" USING btree ("driving_school_id","theory_course_id","date") WHERE "theory_lessons"."theory_course_id" is not null;--> statement-breakpoint
CREATE INDEX "theory_lessons_instructor_date_idx" ON "theory_lessons" USING btree ("driving_school_id","instructor_id","date");--> statement-breakpoint
CREATE INDEX "theory_pre_exams_student_idx" ON "theory_pre_exams" USING btree ("driving_school_id","student_id","started_at");--> statement-breakpoint
CREATE INDEX "theory_pre_exams_education_idx" ON "theory_pre_exams" USING btree ("driving_school_id","student_education_id");--> statement-breakpoint
CREATE INDEX "theory_questions_chapter_idx" ON "theory_questions" USING btree ("driving_school_id","questions_version","chapter");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_file_fk" FOREIGN KEY ("driving_school_id","avatar_file_id") REFERENCES "public"."stored_files"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_day_work_hours_check" CHECK (jsonb_typeof("users"."day_work_hours") = 'array');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_license_classes_check" CHECK ("users"."license_classes" <@ array['AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T']::text[]);