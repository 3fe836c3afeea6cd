CREATE TABLE "competition_entries" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"competition_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"horse_id" uuid,
	"category" text NOT NULL,
	"notes" text,
	"order_number" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_entries_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "competition_entries_school_id_competition_key" UNIQUE("school_id","id","competition_id"),
	CONSTRAINT "competition_entries_status_check" CHECK ("competition_entries"."status" in ('pending', 'confirmed', 'cancelled', 'completed')),
	CONSTRAINT "competition_entries_order_number_check" CHECK ("competition_entries"."order_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "competition_payments" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"competition_id" uuid NOT NULL,
	"entry_id" uuid,
	"student_id" uuid NOT NULL,
	"horse_id" uuid,
	"concept" text NOT NULL,
	"concept_detail" text,
	"amount" numeric(12, 2) NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text,
	"paid_date" date,
	"receipt_number" text,
	"notes" text,
	"fee_applies_to" text,
	"fee_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_payments_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "competition_payments_status_check" CHECK ("competition_payments"."status" in ('pending', 'paid', 'cancelled', 'refunded')),
	CONSTRAINT "competition_payments_concept_check" CHECK ("competition_payments"."concept" in ('inscription', 'school_fee', 'stable', 'rental', 'equipment', 'transport', 'other')),
	CONSTRAINT "competition_payments_method_check" CHECK ("competition_payments"."payment_method" in ('cash', 'transfer', 'card')),
	CONSTRAINT "competition_payments_fee_applies_to_check" CHECK ("competition_payments"."fee_applies_to" in ('entry', 'student', 'horse')),
	CONSTRAINT "competition_payments_fee_key_check" CHECK (("competition_payments"."fee_applies_to" is null) = ("competition_payments"."fee_key" is null)),
	CONSTRAINT "competition_payments_amount_check" CHECK ("competition_payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "competition_results" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"competition_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"horse_id" uuid,
	"category" text NOT NULL,
	"ribbon" text NOT NULL,
	"position" smallint,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_results_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "competition_results_ribbon_check" CHECK ("competition_results"."ribbon" in ('blue', 'red', 'yellow', 'white', 'pink', 'green', 'purple', 'brown', 'participation')),
	CONSTRAINT "competition_results_position_check" CHECK ("competition_results"."position" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"date" date NOT NULL,
	"location" text,
	"type" text DEFAULT 'internal' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "competitions_status_check" CHECK ("competitions"."status" in ('upcoming', 'ongoing', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "payment_audit" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "payment_audit_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "payment_audit_action_check" CHECK ("payment_audit"."action" in ('create', 'pay', 'update', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "payment_receipt_counters" (
	"school_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "payment_receipt_counters_school_id_year_pk" PRIMARY KEY("school_id","year")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"enrollment_id" uuid,
	"class_id" uuid,
	"concept" text NOT NULL,
	"description" text,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"due_date" date NOT NULL,
	"period" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text,
	"paid_date" date,
	"receipt_number" text,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "payments_concept_check" CHECK ("payments"."concept" in ('tuition', 'enrollment_fee', 'other')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'cancelled')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."payment_method" in ('cash', 'transfer', 'card', 'mobile_wallet', 'other')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_period_check" CHECK ("payments"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "payments_tuition_period_check" CHECK ("payments"."concept" <> 'tuition' or "payments"."period" is not null),
	CONSTRAINT "payments_paid_check" CHECK ("payments"."status" <> 'paid' or ("payments"."paid_date" is not null and "payments"."payment_method" is not null))
);
--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_competition_fk" FOREIGN KEY ("school_id","competition_id") REFERENCES "public"."competitions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_horse_fk" FOREIGN KEY ("school_id","horse_id") REFERENCES "public"."horses"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_payments" ADD CONSTRAINT "competition_payments_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_payments" ADD CONSTRAINT "competition_payments_competition_fk" FOREIGN KEY ("school_id","competition_id") REFERENCES "public"."competitions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_payments" ADD CONSTRAINT "competition_payments_entry_fk" FOREIGN KEY ("school_id","entry_id","competition_id") REFERENCES "public"."competition_entries"("school_id","id","competition_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_payments" ADD CONSTRAINT "competition_payments_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_payments" ADD CONSTRAINT "competition_payments_horse_fk" FOREIGN KEY ("school_id","horse_id") REFERENCES "public"."horses"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_results" ADD CONSTRAINT "competition_results_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_results" ADD CONSTRAINT "competition_results_competition_fk" FOREIGN KEY ("school_id","competition_id") REFERENCES "public"."competitions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_results" ADD CONSTRAINT "competition_results_entry_fk" FOREIGN KEY ("school_id","entry_id","competition_id") REFERENCES "public"."competition_entries"("school_id","id","competition_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_results" ADD CONSTRAINT "competition_results_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_results" ADD CONSTRAINT "competition_results_horse_fk" FOREIGN KEY ("school_id","horse_id") REFERENCES "public"."horses"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_audit" ADD CONSTRAINT "payment_audit_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_audit" ADD CONSTRAINT "payment_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_audit" ADD CONSTRAINT "payment_audit_payment_fk" FOREIGN KEY ("school_id","payment_id") REFERENCES "public"."payments"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipt_counters" ADD CONSTRAINT "payment_receipt_counters_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_enrollment_fk" FOREIGN KEY ("school_id","enrollment_id") REFERENCES "public"."enrollments"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "competition_entries_student_category_key" ON "competition_entries" USING btree ("school_id","competition_id","category","student_id") WHERE "competition_entries"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "competition_entries_school_competition_idx" ON "competition_entries" USING btree ("school_id","competition_id","category","order_number");--> statement-breakpoint
CREATE INDEX "competition_entries_school_student_idx" ON "competition_entries" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "competition_entries_school_horse_idx" ON "competition_entries" USING btree ("school_id","horse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_payments_entry_fee_key" ON "competition_payments" USING btree ("school_id","entry_id","fee_key") WHERE "competition_payments"."fee_applies_to" = 'entry';--> statement-breakpoint
CREATE UNIQUE INDEX "competition_payments_student_fee_key" ON "competition_payments" USING btree ("school_id","competition_id","student_id","fee_key") WHERE "competition_payments"."fee_applies_to" = 'student';--> statement-breakpoint
CREATE UNIQUE INDEX "competition_payments_horse_fee_key" ON "competition_payments" USING btree ("school_id","competition_id","horse_id","fee_key") WHERE "competition_payments"."fee_applies_to" = 'horse';--> statement-breakpoint
CREATE INDEX "competition_payments_school_competition_idx" ON "competition_payments" USING btree ("school_id","competition_id","created_at");--> statement-breakpoint
CREATE INDEX "competition_payments_school_entry_idx" ON "competition_payments" USING btree ("school_id","entry_id");--> statement-breakpoint
CREATE INDEX "competition_payments_school_student_idx" ON "competition_payments" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "competition_payments_school_horse_idx" ON "competition_payments" USING btree ("school_id","horse_id");--> statement-breakpoint
CREATE INDEX "competition_payments_school_status_idx" ON "competition_payments" USING btree ("school_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_results_entry_key" ON "competition_results" USING btree ("school_id","entry_id");--> statement-breakpoint
CREATE INDEX "competition_results_school_competition_idx" ON "competition_results" USING btree ("school_id","competition_id","position");--> statement-breakpoint
CREATE INDEX "competition_results_school_student_idx" ON "competition_results" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "competition_results_school_horse_idx" ON "competition_results" USING btree ("school_id","horse_id");--> statement-breakpoint
CREATE INDEX "competitions_school_date_idx" ON "competitions" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "payment_audit_school_payment_idx" ON "payment_audit" USING btree ("school_id","payment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_tuition_period_key" ON "payments" USING btree ("school_id","student_id","period") WHERE "payments"."concept" = 'tuition' and "payments"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_school_receipt_number_key" ON "payments" USING btree ("school_id","receipt_number") WHERE "payments"."receipt_number" is not null;--> statement-breakpoint
CREATE INDEX "payments_school_due_date_idx" ON "payments" USING btree ("school_id","due_date");--> statement-breakpoint
CREATE INDEX "payments_school_student_due_date_idx" ON "payments" USING btree ("school_id","student_id","due_date");--> statement-breakpoint
CREATE INDEX "payments_school_pending_due_date_idx" ON "payments" USING btree ("school_id","due_date") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_school_paid_date_idx" ON "payments" USING btree ("school_id","paid_date") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payments_school_period_idx" ON "payments" USING btree ("school_id","period") WHERE "payments"."concept" = 'tuition';