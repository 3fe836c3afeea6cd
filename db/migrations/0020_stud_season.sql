-- A task's reservation and pregnancy links are cleared with ON DELETE SET NULL (column), which keeps
-- stud_id (drizzle-kit writes the whole key; edited by hand, as in 0018).
CREATE TABLE "birth_foals" (
	"stud_id" uuid NOT NULL,
	"birth_id" uuid NOT NULL,
	"horse_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"markings" text,
	"stands_and_nurses" boolean NOT NULL,
	"weight_kg" numeric(5, 1),
	CONSTRAINT "birth_foals_stud_id_horse_id_pk" PRIMARY KEY("stud_id","horse_id"),
	CONSTRAINT "birth_foals_position_check" CHECK ("birth_foals"."position" in (1, 2)),
	CONSTRAINT "birth_foals_weight_check" CHECK ("birth_foals"."weight_kg" is null or "birth_foals"."weight_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "births" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"born_on" date NOT NULL,
	"outcome" text NOT NULL,
	"vet_name" text,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "births_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "births_outcome_check" CHECK ("births"."outcome" in ('live', 'stillborn', 'aborted'))
);
--> statement-breakpoint
CREATE TABLE "breeding_events" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid,
	"mare_id" uuid NOT NULL,
	"stallion_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"semen" text,
	"batch_id" uuid,
	"shipment_id" uuid,
	"doses_used" smallint,
	"ovulation_on" date,
	"performed_by" text,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "breeding_events_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "breeding_events_kind_check" CHECK ("breeding_events"."kind" in ('natural_cover', 'insemination')),
	CONSTRAINT "breeding_events_semen_check" CHECK (("breeding_events"."kind" = 'natural_cover') = ("breeding_events"."semen" is null)
          and ("breeding_events"."semen" is null or "breeding_events"."semen" in ('fresh', 'chilled', 'frozen'))),
	CONSTRAINT "breeding_events_doses_check" CHECK ("breeding_events"."doses_used" is null or "breeding_events"."doses_used" >= 1)
);
--> statement-breakpoint
CREATE TABLE "pregnancies" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"mare_id" uuid NOT NULL,
	"stallion_id" uuid NOT NULL,
	"reservation_id" uuid,
	"breeding_event_id" uuid,
	"base_date" date NOT NULL,
	"gestation_days" smallint NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'checking' NOT NULL,
	"twins" boolean DEFAULT false NOT NULL,
	"fetal_sex" text,
	"ended_on" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pregnancies_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "pregnancies_status_check" CHECK ("pregnancies"."status" in ('checking', 'confirmed', 'not_pregnant', 'lost', 'foaled')),
	CONSTRAINT "pregnancies_fetal_sex_check" CHECK ("pregnancies"."fetal_sex" is null or "pregnancies"."fetal_sex" in ('male', 'female')),
	CONSTRAINT "pregnancies_gestation_check" CHECK ("pregnancies"."gestation_days" between 300 and 400),
	CONSTRAINT "pregnancies_due_check" CHECK ("pregnancies"."due_date" = "pregnancies"."base_date" + "pregnancies"."gestation_days")
);
--> statement-breakpoint
CREATE TABLE "pregnancy_checks" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"date" date NOT NULL,
	"method" text NOT NULL,
	"result" text NOT NULL,
	"heartbeat" boolean,
	"fetal_sex" text,
	"reported_by" text DEFAULT 'stud' NOT NULL,
	"vet_name" text,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pregnancy_checks_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "pregnancy_checks_method_check" CHECK ("pregnancy_checks"."method" in ('ultrasound', 'palpation', 'blood_test')),
	CONSTRAINT "pregnancy_checks_result_check" CHECK ("pregnancy_checks"."result" in ('positive', 'negative', 'twins', 'inconclusive')),
	CONSTRAINT "pregnancy_checks_reporter_check" CHECK ("pregnancy_checks"."reported_by" in ('stud', 'owner_vet')),
	CONSTRAINT "pregnancy_checks_fetal_sex_check" CHECK ("pregnancy_checks"."fetal_sex" is null or "pregnancy_checks"."fetal_sex" in ('male', 'female'))
);
--> statement-breakpoint
CREATE TABLE "semen_shipments" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"type" text NOT NULL,
	"doses" smallint NOT NULL,
	"batch_id" uuid,
	"collected_on" date,
	"requested_for" date,
	"shipped_on" date,
	"delivered_on" date,
	"returned_on" date,
	"carrier" text,
	"tracking_number" text,
	"destination" jsonb,
	"container_ref" text,
	"container_return_due" date,
	"status" text DEFAULT 'requested' NOT NULL,
	"cancelled_reason" text,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "semen_shipments_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "semen_shipments_type_check" CHECK ("semen_shipments"."type" in ('chilled', 'frozen')),
	CONSTRAINT "semen_shipments_status_check" CHECK ("semen_shipments"."status" in ('requested', 'prepared', 'shipped', 'delivered', 'returned', 'cancelled')),
	CONSTRAINT "semen_shipments_doses_check" CHECK ("semen_shipments"."doses" >= 1),
	CONSTRAINT "semen_shipments_batch_check" CHECK (("semen_shipments"."type" = 'frozen') = ("semen_shipments"."batch_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "stud_reservations" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"stallion_id" uuid NOT NULL,
	"season" text NOT NULL,
	"mare_id" uuid NOT NULL,
	"client_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"source" text DEFAULT 'staff' NOT NULL,
	"return_of_id" uuid,
	"contract_id" uuid,
	"outcome" text,
	"return_privilege" boolean DEFAULT false NOT NULL,
	"reason" text,
	"notes" text,
	"method" text NOT NULL,
	"delivery" text NOT NULL,
	"stud_fee" numeric(12, 2) NOT NULL,
	"booking_fee" numeric(12, 2) NOT NULL,
	"doses_included" smallint NOT NULL,
	"extra_dose_price" numeric(12, 2),
	"shipping_fee" numeric(12, 2),
	"guarantee" text NOT NULL,
	"balance_due_on" text NOT NULL,
	"balance_due_date" date,
	"confirmation_day" smallint NOT NULL,
	"substitute_mare_allowed" boolean NOT NULL,
	"requires_signed_contract" boolean NOT NULL,
	"confirmed_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stud_reservations_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "stud_reservations_status_check" CHECK ("stud_reservations"."status" in ('requested', 'confirmed', 'in_progress', 'pregnant', 'completed', 'failed', 'rejected', 'cancelled')),
	CONSTRAINT "stud_reservations_source_check" CHECK ("stud_reservations"."source" in ('staff', 'owner_request')),
	CONSTRAINT "stud_reservations_outcome_check" CHECK ("stud_reservations"."outcome" is null or ("stud_reservations"."outcome" in ('live_foal', 'no_pregnancy', 'pregnancy_lost', 'foal_lost')
          and "stud_reservations"."status" in ('completed', 'failed'))),
	CONSTRAINT "stud_reservations_fees_check" CHECK ("stud_reservations"."stud_fee" >= 0 and "stud_reservations"."booking_fee" between 0 and "stud_reservations"."stud_fee"
          and "stud_reservations"."extra_dose_price" >= 0 and "stud_reservations"."shipping_fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stud_tasks" ADD COLUMN "pregnancy_day" smallint;--> statement-breakpoint
ALTER TABLE "birth_foals" ADD CONSTRAINT "birth_foals_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birth_foals" ADD CONSTRAINT "birth_foals_birth_fk" FOREIGN KEY ("stud_id","birth_id") REFERENCES "public"."births"("stud_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birth_foals" ADD CONSTRAINT "birth_foals_horse_fk" FOREIGN KEY ("stud_id","horse_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "births" ADD CONSTRAINT "births_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "births" ADD CONSTRAINT "births_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "births" ADD CONSTRAINT "births_pregnancy_fk" FOREIGN KEY ("stud_id","pregnancy_id") REFERENCES "public"."pregnancies"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_events" ADD CONSTRAINT "breeding_events_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_events" ADD CONSTRAINT "breeding_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_events" ADD CONSTRAINT "breeding_events_reservation_fk" FOREIGN KEY ("stud_id","reservation_id") REFERENCES "public"."stud_reservations"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_events" ADD CONSTRAINT "breeding_events_mare_fk" FOREIGN KEY ("stud_id","mare_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_events" ADD CONSTRAINT "breeding_events_stallion_fk" FOREIGN KEY ("stud_id","stallion_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_events" ADD CONSTRAINT "breeding_events_batch_fk" FOREIGN KEY ("stud_id","batch_id") REFERENCES "public"."semen_batches"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breeding_events" ADD CONSTRAINT "breeding_events_shipment_fk" FOREIGN KEY ("stud_id","shipment_id") REFERENCES "public"."semen_shipments"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancies" ADD CONSTRAINT "pregnancies_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancies" ADD CONSTRAINT "pregnancies_mare_fk" FOREIGN KEY ("stud_id","mare_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancies" ADD CONSTRAINT "pregnancies_stallion_fk" FOREIGN KEY ("stud_id","stallion_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancies" ADD CONSTRAINT "pregnancies_reservation_fk" FOREIGN KEY ("stud_id","reservation_id") REFERENCES "public"."stud_reservations"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancies" ADD CONSTRAINT "pregnancies_breeding_event_fk" FOREIGN KEY ("stud_id","breeding_event_id") REFERENCES "public"."breeding_events"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancy_checks" ADD CONSTRAINT "pregnancy_checks_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancy_checks" ADD CONSTRAINT "pregnancy_checks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancy_checks" ADD CONSTRAINT "pregnancy_checks_pregnancy_fk" FOREIGN KEY ("stud_id","pregnancy_id") REFERENCES "public"."pregnancies"("stud_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semen_shipments" ADD CONSTRAINT "semen_shipments_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semen_shipments" ADD CONSTRAINT "semen_shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semen_shipments" ADD CONSTRAINT "semen_shipments_reservation_fk" FOREIGN KEY ("stud_id","reservation_id") REFERENCES "public"."stud_reservations"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semen_shipments" ADD CONSTRAINT "semen_shipments_batch_fk" FOREIGN KEY ("stud_id","batch_id") REFERENCES "public"."semen_batches"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_reservations" ADD CONSTRAINT "stud_reservations_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_reservations" ADD CONSTRAINT "stud_reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_reservations" ADD CONSTRAINT "stud_reservations_service_fk" FOREIGN KEY ("stud_id","service_id") REFERENCES "public"."stud_services"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_reservations" ADD CONSTRAINT "stud_reservations_stallion_fk" FOREIGN KEY ("stud_id","stallion_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_reservations" ADD CONSTRAINT "stud_reservations_mare_fk" FOREIGN KEY ("stud_id","mare_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_reservations" ADD CONSTRAINT "stud_reservations_client_fk" FOREIGN KEY ("stud_id","client_id") REFERENCES "public"."stud_clients"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_reservations" ADD CONSTRAINT "stud_reservations_return_of_fk" FOREIGN KEY ("stud_id","return_of_id") REFERENCES "public"."stud_reservations"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "birth_foals_position_key" ON "birth_foals" USING btree ("stud_id","birth_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "births_pregnancy_key" ON "births" USING btree ("stud_id","pregnancy_id");--> statement-breakpoint
CREATE INDEX "births_born_idx" ON "births" USING btree ("stud_id","born_on");--> statement-breakpoint
CREATE INDEX "breeding_events_mare_idx" ON "breeding_events" USING btree ("stud_id","mare_id","date");--> statement-breakpoint
CREATE INDEX "breeding_events_reservation_idx" ON "breeding_events" USING btree ("stud_id","reservation_id");--> statement-breakpoint
CREATE INDEX "breeding_events_stallion_idx" ON "breeding_events" USING btree ("stud_id","stallion_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "pregnancies_open_mare_key" ON "pregnancies" USING btree ("stud_id","mare_id") WHERE "pregnancies"."status" in ('checking', 'confirmed');--> statement-breakpoint
CREATE INDEX "pregnancies_due_idx" ON "pregnancies" USING btree ("stud_id","status","due_date");--> statement-breakpoint
CREATE INDEX "pregnancies_mare_idx" ON "pregnancies" USING btree ("stud_id","mare_id","base_date");--> statement-breakpoint
CREATE INDEX "pregnancies_reservation_idx" ON "pregnancies" USING btree ("stud_id","reservation_id");--> statement-breakpoint
CREATE INDEX "pregnancies_event_idx" ON "pregnancies" USING btree ("stud_id","breeding_event_id");--> statement-breakpoint
CREATE INDEX "pregnancy_checks_pregnancy_idx" ON "pregnancy_checks" USING btree ("stud_id","pregnancy_id","date");--> statement-breakpoint
CREATE INDEX "semen_shipments_reservation_idx" ON "semen_shipments" USING btree ("stud_id","reservation_id");--> statement-breakpoint
CREATE INDEX "semen_shipments_status_idx" ON "semen_shipments" USING btree ("stud_id","status","requested_for");--> statement-breakpoint
CREATE INDEX "semen_shipments_batch_idx" ON "semen_shipments" USING btree ("stud_id","batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stud_reservations_open_mare_key" ON "stud_reservations" USING btree ("stud_id","mare_id","season") WHERE "stud_reservations"."status" in ('requested', 'confirmed', 'in_progress', 'pregnant');--> statement-breakpoint
CREATE UNIQUE INDEX "stud_reservations_return_key" ON "stud_reservations" USING btree ("stud_id","return_of_id") WHERE "stud_reservations"."return_of_id" is not null;--> statement-breakpoint
CREATE INDEX "stud_reservations_book_idx" ON "stud_reservations" USING btree ("stud_id","stallion_id","season","status");--> statement-breakpoint
CREATE INDEX "stud_reservations_service_idx" ON "stud_reservations" USING btree ("stud_id","service_id");--> statement-breakpoint
CREATE INDEX "stud_reservations_client_idx" ON "stud_reservations" USING btree ("stud_id","client_id");--> statement-breakpoint
CREATE INDEX "stud_reservations_mare_idx" ON "stud_reservations" USING btree ("stud_id","mare_id");--> statement-breakpoint
ALTER TABLE "stud_tasks" ADD CONSTRAINT "stud_tasks_reservation_fk" FOREIGN KEY ("stud_id","reservation_id") REFERENCES "public"."stud_reservations"("stud_id","id") ON DELETE SET NULL ("reservation_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_tasks" ADD CONSTRAINT "stud_tasks_pregnancy_fk" FOREIGN KEY ("stud_id","pregnancy_id") REFERENCES "public"."pregnancies"("stud_id","id") ON DELETE SET NULL ("pregnancy_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stud_tasks_pregnancy_day_key" ON "stud_tasks" USING btree ("stud_id","pregnancy_id","pregnancy_day") WHERE "stud_tasks"."pregnancy_day" is not null;