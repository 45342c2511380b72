-- Invoices (issue 13): billing runs and their items, the issuer snapshot of a payment document,
-- the cost-bearer service invoice, at most one standing final invoice per education, and the
-- database's own guard that an issued document never changes (GoBD).
CREATE TABLE "billing_run_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_run_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"billing_run_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"student_education_id" bigint NOT NULL,
	"student_name" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"document_id" bigint,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_run_items_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "billing_run_items_position_key" UNIQUE("driving_school_id","billing_run_id","position"),
	CONSTRAINT "billing_run_items_status_check" CHECK ("billing_run_items"."status" in ('PENDING', 'ISSUED', 'SKIPPED', 'FAILED')),
	CONSTRAINT "billing_run_items_issued_check" CHECK (("billing_run_items"."status" = 'ISSUED') = ("billing_run_items"."document_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"issue_date" date,
	"due_date" date,
	"footnote" text,
	"created_by_user_id" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	CONSTRAINT "billing_runs_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "billing_runs_status_check" CHECK ("billing_runs"."status" in ('QUEUED', 'RUNNING', 'FINISHED', 'INTERRUPTED'))
);
--> statement-breakpoint
ALTER TABLE "payment_documents" DROP CONSTRAINT "payment_documents_type_check";--> statement-breakpoint
ALTER TABLE "payment_documents" ADD COLUMN "issuer" jsonb;--> statement-breakpoint
ALTER TABLE "billing_run_items" ADD CONSTRAINT "billing_run_items_run_fk" FOREIGN KEY ("driving_school_id","billing_run_id") REFERENCES "public"."billing_runs"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_run_items" ADD CONSTRAINT "billing_run_items_document_fk" FOREIGN KEY ("driving_school_id","document_id") REFERENCES "public"."payment_documents"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_run_items_run_idx" ON "billing_run_items" USING btree ("driving_school_id","billing_run_id");--> statement-breakpoint
CREATE INDEX "billing_runs_status_idx" ON "billing_runs" USING btree ("driving_school_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_documents_final_invoice_key" ON "payment_documents" USING btree ("driving_school_id","student_education_id") WHERE "payment_documents"."type" = 'FINAL_INVOICE' and "payment_documents"."status" <> 'CANCELLED';--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_type_check" CHECK ("payment_documents"."type" in ('PAYMENT_REQUEST', 'PARTIAL_INVOICE', 'FINAL_INVOICE', 'CANCELLATION_INVOICE', 'COST_BEARER_INVOICE', 'COST_BEARER_SERVICE_INVOICE', 'DEPOSIT_INVOICE'));--> statement-breakpoint
-- An issued document (any status but DRAFT) keeps every column except: its status (payments,
-- cancellation; never back to DRAFT, and CANCELLED is final), the link to its cancellation,
-- the visibility switch, the paid amount, the export mark, and the archived PDF / e-invoice
-- files, which are set once. Deleting is left to drafts and payment requests (which are no
-- invoices) and to the cascade when the school itself is deleted.
CREATE FUNCTION "payment_documents_guard_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  free constant text[] := array['status', 'cancelled_by_document_id', 'visible', 'paid_amount',
    'open_amount', 'exported', 'pdf_file_id', 'e_invoice_file_id', 'updated_at'];
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'DRAFT' AND OLD.type <> 'PAYMENT_REQUEST'
       AND EXISTS (SELECT 1 FROM driving_schools WHERE id = OLD.driving_school_id) THEN
      RAISE EXCEPTION 'issued invoice % cannot be deleted', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_documents_issued_immutable';
    END IF;
    RETURN OLD;
  END IF;
  IF TG_OP = 'INSERT' OR OLD.status = 'DRAFT' THEN
    -- Issued in this transaction: its lines may still be written until it commits.
    IF NEW.status <> 'DRAFT' THEN
      PERFORM set_config('fahrwerk.issuing_' || NEW.id, 'on', true);
    END IF;
    RETURN NEW;
  END IF;
  IF (to_jsonb(NEW) - free) IS DISTINCT FROM (to_jsonb(OLD) - free)
     OR NEW.status = 'DRAFT'
     OR (OLD.status = 'CANCELLED' AND NEW.status <> 'CANCELLED')
     OR (OLD.pdf_file_id IS NOT NULL AND NEW.pdf_file_id IS DISTINCT FROM OLD.pdf_file_id)
     OR (OLD.e_invoice_file_id IS NOT NULL AND NEW.e_invoice_file_id IS DISTINCT FROM OLD.e_invoice_file_id) THEN
    RAISE EXCEPTION 'issued payment document % cannot be changed', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_documents_issued_immutable';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payment_documents_guard_issued" BEFORE INSERT OR UPDATE OR DELETE ON "payment_documents"
  FOR EACH ROW EXECUTE FUNCTION "payment_documents_guard_issued"();--> statement-breakpoint
-- The lines of an issued document never change. Lines are written while the document is a
-- draft, or in the transaction that issued it (a final or cancellation invoice is inserted
-- issued, then its lines); a deleted document's lines go with it (cascade).
CREATE FUNCTION "payment_document_lines_guard_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line payment_document_lines;
  doc_status text;
BEGIN
  IF TG_OP = 'DELETE' THEN line := OLD; ELSE line := NEW; END IF;
  SELECT status INTO doc_status FROM payment_documents
    WHERE driving_school_id = line.driving_school_id AND id = line.document_id;
  IF NOT FOUND OR doc_status = 'DRAFT'
     OR (TG_OP = 'INSERT' AND current_setting('fahrwerk.issuing_' || line.document_id, true) = 'on') THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the lines of issued payment document % cannot be changed', line.document_id
    USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_documents_issued_immutable';
END
$$;--> statement-breakpoint
CREATE TRIGGER "payment_document_lines_guard_issued" BEFORE INSERT OR UPDATE OR DELETE ON "payment_document_lines"
  FOR EACH ROW EXECUTE FUNCTION "payment_document_lines_guard_issued"();