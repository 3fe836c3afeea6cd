CREATE TABLE "attendance_schedule_months" (
	"school_id" uuid NOT NULL,
	"month" date NOT NULL,
	"schedule_id" uuid NOT NULL,
	"records" integer NOT NULL,
	"present" integer NOT NULL,
	"absent" integer NOT NULL,
	"late" integer NOT NULL,
	"excused" integer NOT NULL,
	"rating_sum" integer NOT NULL,
	"rating_count" integer NOT NULL,
	CONSTRAINT "attendance_schedule_months_school_id_month_schedule_id_pk" PRIMARY KEY("school_id","month","schedule_id")
);
--> statement-breakpoint
CREATE TABLE "attendance_student_months" (
	"school_id" uuid NOT NULL,
	"month" date NOT NULL,
	"student_id" uuid NOT NULL,
	"records" integer NOT NULL,
	"present" integer NOT NULL,
	"absent" integer NOT NULL,
	"late" integer NOT NULL,
	"excused" integer NOT NULL,
	"rating_sum" integer NOT NULL,
	"rating_count" integer NOT NULL,
	CONSTRAINT "attendance_student_months_school_id_month_student_id_pk" PRIMARY KEY("school_id","month","student_id")
);
--> statement-breakpoint
CREATE TABLE "payment_day_totals" (
	"school_id" uuid NOT NULL,
	"status" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"payment_method" text NOT NULL,
	"count" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "payment_day_totals_school_id_status_day_kind_payment_method_pk" PRIMARY KEY("school_id","status","day","kind","payment_method")
);
--> statement-breakpoint
DROP INDEX "enrollments_school_schedule_idx";--> statement-breakpoint
DROP INDEX "payments_school_pending_due_date_idx";--> statement-breakpoint
ALTER TABLE "attendance_schedule_months" ADD CONSTRAINT "attendance_schedule_months_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_student_months" ADD CONSTRAINT "attendance_student_months_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_day_totals" ADD CONSTRAINT "payment_day_totals_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competition_payments_school_pending_due_idx" ON "competition_payments" USING btree ("school_id","due_date","student_id","amount") WHERE "competition_payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "enrollments_school_schedule_idx" ON "enrollments" USING btree ("school_id","schedule_id","status","start_date","end_date");--> statement-breakpoint
CREATE INDEX "payments_school_pending_due_date_idx" ON "payments" USING btree ("school_id","due_date","student_id","amount") WHERE "payments"."status" = 'pending';