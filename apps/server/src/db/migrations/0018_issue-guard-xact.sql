ALTER TABLE "payment_documents" ADD COLUMN "issued_xact" bigint;--> statement-breakpoint
-- The issue guard of migration 0012 marked each document issued in a transaction with a setting
-- of its own (`fahrwerk.issuing_<id>`). PostgreSQL 15 keeps such settings in one sorted array,
-- sorted again for each new one: a transaction issuing n documents cost O(n² log n) — unnoticed
-- for a billing run of hundreds, endless for the demo generator's 200,000. Now the document
-- keeps the transaction that issued it, and its lines are accepted in that transaction only.
-- `pg_current_xact_id()` is the top-level transaction's id, the same inside savepoints.
CREATE OR REPLACE FUNCTION "payment_documents_guard_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      NEW.issued_xact := pg_current_xact_id()::text::bigint;
    ELSE
      NEW.issued_xact := NULL;
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
CREATE OR REPLACE FUNCTION "payment_document_lines_guard_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line payment_document_lines;
  doc_status text;
  doc_xact bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN line := OLD; ELSE line := NEW; END IF;
  SELECT status, issued_xact INTO doc_status, doc_xact FROM payment_documents
    WHERE driving_school_id = line.driving_school_id AND id = line.document_id;
  IF NOT FOUND OR doc_status = 'DRAFT'
     OR (TG_OP = 'INSERT' AND doc_xact = pg_current_xact_id()::text::bigint) THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the lines of issued payment document % cannot be changed', line.document_id
    USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_documents_issued_immutable';
END
$$;
