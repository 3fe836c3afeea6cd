CREATE TABLE "attendance" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"horse_id" uuid,
	"performance_rating" smallint,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "attendance_status_check" CHECK ("attendance"."status" in ('present', 'absent', 'late', 'excused')),
	CONSTRAINT "attendance_rating_check" CHECK ("attendance"."performance_rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"level" text NOT NULL,
	"discipline" text,
	"max_students" integer NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"price_type" text DEFAULT 'monthly' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "classes_type_check" CHECK ("classes"."type" in ('individual', 'group')),
	CONSTRAINT "classes_level_check" CHECK ("classes"."level" in ('beginner', 'intermediate', 'advanced', 'professional')),
	CONSTRAINT "classes_status_check" CHECK ("classes"."status" in ('active', 'inactive')),
	CONSTRAINT "classes_price_type_check" CHECK ("classes"."price_type" in ('monthly', 'per_class', 'package')),
	CONSTRAINT "classes_max_students_check" CHECK ("classes"."max_students" >= 1),
	CONSTRAINT "classes_duration_check" CHECK ("classes"."duration_minutes" >= 1),
	CONSTRAINT "classes_price_check" CHECK ("classes"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"horse_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollments_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "enrollments_school_id_schedule_student_key" UNIQUE("school_id","id","schedule_id","student_id"),
	CONSTRAINT "enrollments_status_check" CHECK ("enrollments"."status" in ('active', 'paused', 'ended')),
	CONSTRAINT "enrollments_dates_check" CHECK ("enrollments"."end_date" is null or "enrollments"."end_date" >= "enrollments"."start_date")
);
--> statement-breakpoint
CREATE TABLE "horses" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"breed" text,
	"birth_year" integer,
	"level" text DEFAULT 'all' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"max_daily_classes" integer DEFAULT 4 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "horses_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "horses_level_check" CHECK ("horses"."level" in ('beginner', 'intermediate', 'advanced', 'all')),
	CONSTRAINT "horses_status_check" CHECK ("horses"."status" in ('active', 'resting', 'injured', 'retired')),
	CONSTRAINT "horses_max_daily_classes_check" CHECK ("horses"."max_daily_classes" >= 1)
);
--> statement-breakpoint
CREATE TABLE "instructors" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"document_type" text,
	"document_number" text,
	"phone" text,
	"email" text,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"experience_years" integer,
	"bio" text,
	"hourly_rate" numeric(12, 2),
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructors_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "instructors_status_check" CHECK ("instructors"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"instructor_id" uuid NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"location" text,
	"max_students" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "schedules_school_id_class_key" UNIQUE("school_id","id","class_id"),
	CONSTRAINT "schedules_day_check" CHECK ("schedules"."day_of_week" between 0 and 6),
	CONSTRAINT "schedules_time_check" CHECK ("schedules"."end_time" > "schedules"."start_time"),
	CONSTRAINT "schedules_max_students_check" CHECK ("schedules"."max_students" >= 1)
);
--> statement-breakpoint
CREATE TABLE "students" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"gender" text,
	"document_type" text,
	"document_number" text,
	"phone" text,
	"email" text,
	"street" text,
	"city" text,
	"state" text,
	"emergency_contact_name" text,
	"emergency_contact_relationship" text,
	"emergency_contact_phone" text,
	"level" text DEFAULT 'beginner' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"notes" text,
	"anonymized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "students_level_check" CHECK ("students"."level" in ('beginner', 'intermediate', 'advanced')),
	CONSTRAINT "students_status_check" CHECK ("students"."status" in ('active', 'inactive', 'suspended', 'graduated'))
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_schedule_fk" FOREIGN KEY ("school_id","schedule_id") REFERENCES "public"."schedules"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_enrollment_fk" FOREIGN KEY ("school_id","enrollment_id","schedule_id","student_id") REFERENCES "public"."enrollments"("school_id","id","schedule_id","student_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_horse_fk" FOREIGN KEY ("school_id","horse_id") REFERENCES "public"."horses"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_schedule_fk" FOREIGN KEY ("school_id","schedule_id","class_id") REFERENCES "public"."schedules"("school_id","id","class_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_horse_fk" FOREIGN KEY ("school_id","horse_id") REFERENCES "public"."horses"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horses" ADD CONSTRAINT "horses_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructors" ADD CONSTRAINT "instructors_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_instructor_fk" FOREIGN KEY ("school_id","instructor_id") REFERENCES "public"."instructors"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_enrollment_date_key" ON "attendance" USING btree ("school_id","enrollment_id","date");--> statement-breakpoint
CREATE INDEX "attendance_school_schedule_date_idx" ON "attendance" USING btree ("school_id","schedule_id","date");--> statement-breakpoint
CREATE INDEX "attendance_school_student_date_idx" ON "attendance" USING btree ("school_id","student_id","date");--> statement-breakpoint
CREATE INDEX "attendance_school_date_idx" ON "attendance" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "attendance_school_horse_date_idx" ON "attendance" USING btree ("school_id","horse_id","date");--> statement-breakpoint
CREATE INDEX "classes_school_name_idx" ON "classes" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_open_student_schedule_key" ON "enrollments" USING btree ("school_id","schedule_id","student_id") WHERE "enrollments"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "enrollments_school_student_idx" ON "enrollments" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "enrollments_school_schedule_idx" ON "enrollments" USING btree ("school_id","schedule_id");--> statement-breakpoint
CREATE INDEX "enrollments_school_horse_idx" ON "enrollments" USING btree ("school_id","horse_id");--> statement-breakpoint
CREATE INDEX "horses_school_name_idx" ON "horses" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "instructors_school_name_idx" ON "instructors" USING btree ("school_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "schedules_school_day_idx" ON "schedules" USING btree ("school_id","day_of_week","start_time");--> statement-breakpoint
CREATE INDEX "schedules_school_instructor_idx" ON "schedules" USING btree ("school_id","instructor_id","day_of_week");--> statement-breakpoint
CREATE INDEX "schedules_school_class_idx" ON "schedules" USING btree ("school_id","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_school_document_number_key" ON "students" USING btree ("school_id","document_number") WHERE "students"."document_number" is not null;--> statement-breakpoint
CREATE INDEX "students_school_name_idx" ON "students" USING btree ("school_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "students_school_created_idx" ON "students" USING btree ("school_id","created_at");