CREATE TABLE "email_sync_states" (
	"driving_school_id" bigint NOT NULL,
	"email_config_id" bigint NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone,
	"error" text,
	"error_detail" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_sync_states_pkey" PRIMARY KEY("driving_school_id","email_config_id"),
	CONSTRAINT "email_sync_states_last_uid_check" CHECK ("email_sync_states"."last_uid" >= 0),
	CONSTRAINT "email_sync_states_failures_check" CHECK ("email_sync_states"."failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "email_sync_states" ADD CONSTRAINT "email_sync_states_email_config_fk" FOREIGN KEY ("driving_school_id","email_config_id") REFERENCES "public"."email_configs"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_sync_states_next_attempt_idx" ON "email_sync_states" USING btree ("next_attempt_at");