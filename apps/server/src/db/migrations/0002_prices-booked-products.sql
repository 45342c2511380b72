CREATE TABLE "student_booked_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_booked_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driving_school_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"student_education_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"license_class" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price" integer NOT NULL,
	"vat_rate" smallint NOT NULL,
	"combined" boolean DEFAULT false NOT NULL,
	"invoiced" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_booked_products_tenant_key" UNIQUE("driving_school_id","id"),
	CONSTRAINT "student_booked_products_type_check" CHECK ("student_booked_products"."type" in ('DRIVING_LESSON', 'LEARNING_MATERIAL', 'BASIC_FEE', 'ADD_ON')),
	CONSTRAINT "student_booked_products_license_class_check" CHECK ("student_booked_products"."license_class" in ('AM', 'A1', 'A2', 'A', 'B', 'BE', 'B96', 'B197', 'C1', 'C1E', 'C', 'CE', 'D1', 'D1E', 'D', 'DE', 'L', 'T')),
	CONSTRAINT "student_booked_products_price_check" CHECK ("student_booked_products"."price" >= 0),
	CONSTRAINT "student_booked_products_quantity_check" CHECK ("student_booked_products"."quantity" between 1 and 99),
	CONSTRAINT "student_booked_products_vat_rate_check" CHECK ("student_booked_products"."vat_rate" in (0, 5, 7, 16, 19))
);
--> statement-breakpoint
ALTER TABLE "student_booked_products" ADD CONSTRAINT "student_booked_products_driving_school_fk" FOREIGN KEY ("driving_school_id") REFERENCES "public"."driving_schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_booked_products" ADD CONSTRAINT "student_booked_products_student_fk" FOREIGN KEY ("driving_school_id","student_id") REFERENCES "public"."students"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_booked_products" ADD CONSTRAINT "student_booked_products_education_fk" FOREIGN KEY ("driving_school_id","student_education_id") REFERENCES "public"."student_educations"("driving_school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_booked_products" ADD CONSTRAINT "student_booked_products_product_fk" FOREIGN KEY ("driving_school_id","product_id") REFERENCES "public"."products"("driving_school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_booked_products_student_idx" ON "student_booked_products" USING btree ("driving_school_id","student_id");--> statement-breakpoint
CREATE INDEX "student_booked_products_education_idx" ON "student_booked_products" USING btree ("driving_school_id","student_education_id");--> statement-breakpoint
CREATE INDEX "student_booked_products_product_idx" ON "student_booked_products" USING btree ("driving_school_id","product_id");