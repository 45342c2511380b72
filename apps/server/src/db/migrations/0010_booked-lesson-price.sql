-- A booked driving lesson keeps what it charged to the education (product, gross cents pro rata
-- to the minutes, VAT rate), so the invoice bills what the student saw when it was booked.
ALTER TABLE "appointments" ADD COLUMN "booked_product_id" bigint;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_price" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_vat_rate" smallint;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_product_fk" FOREIGN KEY ("driving_school_id","booked_product_id") REFERENCES "public"."products"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_price_check" CHECK ("appointments"."booked_price" between 0 and 100000000 and ("appointments"."booked_price" is null) = ("appointments"."booked_vat_rate" is null));