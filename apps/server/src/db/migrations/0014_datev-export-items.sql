CREATE TABLE "datev_export_items" (
	"driving_school_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"datev_export_id" bigint,
	CONSTRAINT "datev_export_items_kind_check" CHECK ("datev_export_items"."kind" in ('DOCUMENT', 'PAYMENT'))
);
--> statement-breakpoint
ALTER TABLE "datev_export_items" ADD CONSTRAINT "datev_export_items_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "datev_export_items_item_idx" ON "datev_export_items" USING btree ("driving_school_id","kind","item_id");--> statement-breakpoint
-- What the former flags marked exported stays exported; which batch booked it was not kept.
INSERT INTO "datev_export_items" ("driving_school_id", "kind", "item_id")
  SELECT "driving_school_id", 'DOCUMENT', "id" FROM "payment_documents" WHERE "exported";--> statement-breakpoint
INSERT INTO "datev_export_items" ("driving_school_id", "kind", "item_id")
  SELECT "driving_school_id", 'PAYMENT', "id" FROM "payments" WHERE "exported";--> statement-breakpoint
ALTER TABLE "payment_documents" DROP COLUMN "exported";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "exported";