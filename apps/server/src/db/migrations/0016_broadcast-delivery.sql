ALTER TABLE "broadcast_recipients" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "email_status" text DEFAULT 'NOT_SENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "error" text;--> statement-breakpoint
CREATE INDEX "broadcast_recipients_pending_idx" ON "broadcast_recipients" USING btree ("driving_school_id","broadcast_id") WHERE "broadcast_recipients"."email_status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_email_status_check" CHECK ("broadcast_recipients"."email_status" in ('PENDING', 'SENT', 'FAILED', 'NO_EMAIL', 'NOT_SENT'));