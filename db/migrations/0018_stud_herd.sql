-- Optional links within a stud are cleared with ON DELETE SET NULL (column), which keeps stud_id
-- (drizzle-kit writes the whole key; PostgreSQL 15 and PGlite take the column list).
CREATE TABLE "medical_record_media" (
	"stud_id" uuid NOT NULL,
	"medical_record_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	CONSTRAINT "medical_record_media_stud_id_media_id_pk" PRIMARY KEY("stud_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "medical_records" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"horse_id" uuid NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"vet_name" text,
	"product" text,
	"dose" text,
	"next_due_on" date,
	"cost" numeric(12, 2),
	"record_expense" boolean DEFAULT false NOT NULL,
	"expense_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_records_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "medical_records_type_check" CHECK ("medical_records"."type" in ('vaccination', 'deworming', 'farrier', 'dental', 'vet_visit', 'treatment', 'reproductive_exam', 'lab_test', 'injury', 'other')),
	CONSTRAINT "medical_records_cost_check" CHECK ("medical_records"."cost" >= 0),
	CONSTRAINT "medical_records_expense_check" CHECK (not "medical_records"."record_expense" or "medical_records"."cost" is not null),
	CONSTRAINT "medical_records_due_check" CHECK ("medical_records"."next_due_on" is null or "medical_records"."next_due_on" >= "medical_records"."date")
);
--> statement-breakpoint
CREATE TABLE "stallion_profiles" (
	"stud_id" uuid NOT NULL,
	"horse_id" uuid NOT NULL,
	"standing" boolean DEFAULT true NOT NULL,
	"book_limit" smallint,
	"public_description" text,
	"height_cm" smallint,
	"approvals" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stallion_profiles_stud_id_horse_id_pk" PRIMARY KEY("stud_id","horse_id"),
	CONSTRAINT "stallion_profiles_book_limit_check" CHECK ("stallion_profiles"."book_limit" >= 1),
	CONSTRAINT "stallion_profiles_height_check" CHECK ("stallion_profiles"."height_cm" between 50 and 250)
);
--> statement-breakpoint
CREATE TABLE "stud_client_tags" (
	"stud_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "stud_client_tags_stud_id_client_id_tag_id_pk" PRIMARY KEY("stud_id","client_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "stud_clients" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"stage" text DEFAULT 'client' NOT NULL,
	"kind" text DEFAULT 'person' NOT NULL,
	"first_name" text,
	"last_name" text,
	"company_name" text,
	"email" text,
	"phone" text,
	"address" text,
	"document_type" text,
	"document_number" text,
	"source" text,
	"notes" text,
	"pipeline_status" text,
	"interest_stallion_id" uuid,
	"interest_service_id" uuid,
	"expected_value" numeric(12, 2),
	"anonymized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stud_clients_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "stud_clients_stage_check" CHECK ("stud_clients"."stage" in ('prospect', 'client', 'inactive')),
	CONSTRAINT "stud_clients_kind_check" CHECK ("stud_clients"."kind" in ('person', 'company')),
	CONSTRAINT "stud_clients_source_check" CHECK ("stud_clients"."source" in ('web', 'marketplace', 'referral', 'event', 'other')),
	CONSTRAINT "stud_clients_pipeline_check" CHECK ("stud_clients"."pipeline_status" in ('new', 'contacted', 'qualified', 'won', 'lost')),
	CONSTRAINT "stud_clients_name_check" CHECK ("stud_clients"."anonymized_at" is not null or (case "stud_clients"."kind" when 'company' then "stud_clients"."company_name" is not null
          else "stud_clients"."first_name" is not null and "stud_clients"."last_name" is not null end)),
	CONSTRAINT "stud_clients_expected_value_check" CHECK ("stud_clients"."expected_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stud_horse_media" (
	"stud_id" uuid NOT NULL,
	"horse_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	CONSTRAINT "stud_horse_media_stud_id_media_id_pk" PRIMARY KEY("stud_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "stud_horses" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"horse_identity_id" uuid NOT NULL,
	"ownership" text DEFAULT 'own' NOT NULL,
	"owner_client_id" uuid,
	"on_premises" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"arrival_date" date,
	"departure_date" date,
	"location" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stud_horses_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "stud_horses_ownership_check" CHECK ("stud_horses"."ownership" in ('own', 'client', 'leased')),
	CONSTRAINT "stud_horses_status_check" CHECK ("stud_horses"."status" in ('active', 'retired', 'sold', 'departed', 'deceased')),
	CONSTRAINT "stud_horses_owner_check" CHECK (("stud_horses"."ownership" = 'own') = ("stud_horses"."owner_client_id" is null)),
	CONSTRAINT "stud_horses_dates_check" CHECK ("stud_horses"."departure_date" is null or "stud_horses"."arrival_date" is null or "stud_horses"."departure_date" >= "stud_horses"."arrival_date")
);
--> statement-breakpoint
CREATE TABLE "stud_settings" (
	"stud_id" uuid PRIMARY KEY NOT NULL,
	"gestation_days" smallint DEFAULT 340 NOT NULL,
	"check_days" smallint[] DEFAULT '{15,28,45,60}'::smallint[] NOT NULL,
	"default_assignee_id" uuid,
	"task_digest_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stud_settings_gestation_check" CHECK ("stud_settings"."gestation_days" between 300 and 400)
);
--> statement-breakpoint
CREATE TABLE "stud_tags" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"colour" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stud_tags_stud_id_id_pk" PRIMARY KEY("stud_id","id")
);
--> statement-breakpoint
CREATE TABLE "stud_tasks" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"due_on" date,
	"due_time" time,
	"assigned_to" uuid,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"client_id" uuid,
	"horse_id" uuid,
	"reservation_id" uuid,
	"pregnancy_id" uuid,
	"medical_record_id" uuid,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stud_tasks_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "stud_tasks_priority_check" CHECK ("stud_tasks"."priority" in ('low', 'normal', 'high')),
	CONSTRAINT "stud_tasks_status_check" CHECK ("stud_tasks"."status" in ('open', 'done', 'cancelled')),
	CONSTRAINT "stud_tasks_source_check" CHECK ("stud_tasks"."source" in ('manual', 'pregnancy_check', 'foaling', 'medical', 'contract')),
	CONSTRAINT "stud_tasks_completed_check" CHECK (("stud_tasks"."status" = 'done') = ("stud_tasks"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "medical_record_media" ADD CONSTRAINT "medical_record_media_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_record_media" ADD CONSTRAINT "medical_record_media_record_fk" FOREIGN KEY ("stud_id","medical_record_id") REFERENCES "public"."medical_records"("stud_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_record_media" ADD CONSTRAINT "medical_record_media_media_fk" FOREIGN KEY ("stud_id","media_id") REFERENCES "public"."media"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_horse_fk" FOREIGN KEY ("stud_id","horse_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stallion_profiles" ADD CONSTRAINT "stallion_profiles_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stallion_profiles" ADD CONSTRAINT "stallion_profiles_horse_fk" FOREIGN KEY ("stud_id","horse_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_client_tags" ADD CONSTRAINT "stud_client_tags_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_client_tags" ADD CONSTRAINT "stud_client_tags_client_fk" FOREIGN KEY ("stud_id","client_id") REFERENCES "public"."stud_clients"("stud_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_client_tags" ADD CONSTRAINT "stud_client_tags_tag_fk" FOREIGN KEY ("stud_id","tag_id") REFERENCES "public"."stud_tags"("stud_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_clients" ADD CONSTRAINT "stud_clients_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_clients" ADD CONSTRAINT "stud_clients_interest_stallion_fk" FOREIGN KEY ("stud_id","interest_stallion_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE SET NULL ("interest_stallion_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_horse_media" ADD CONSTRAINT "stud_horse_media_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_horse_media" ADD CONSTRAINT "stud_horse_media_horse_fk" FOREIGN KEY ("stud_id","horse_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_horse_media" ADD CONSTRAINT "stud_horse_media_media_fk" FOREIGN KEY ("stud_id","media_id") REFERENCES "public"."media"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_horses" ADD CONSTRAINT "stud_horses_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_horses" ADD CONSTRAINT "stud_horses_horse_identity_id_horse_identities_id_fk" FOREIGN KEY ("horse_identity_id") REFERENCES "public"."horse_identities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_horses" ADD CONSTRAINT "stud_horses_owner_client_fk" FOREIGN KEY ("stud_id","owner_client_id") REFERENCES "public"."stud_clients"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_settings" ADD CONSTRAINT "stud_settings_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_settings" ADD CONSTRAINT "stud_settings_default_assignee_fk" FOREIGN KEY ("stud_id","default_assignee_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE SET NULL ("default_assignee_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_tags" ADD CONSTRAINT "stud_tags_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_tasks" ADD CONSTRAINT "stud_tasks_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_tasks" ADD CONSTRAINT "stud_tasks_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_tasks" ADD CONSTRAINT "stud_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_tasks" ADD CONSTRAINT "stud_tasks_assignee_fk" FOREIGN KEY ("stud_id","assigned_to") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE SET NULL ("assigned_to") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_tasks" ADD CONSTRAINT "stud_tasks_client_fk" FOREIGN KEY ("stud_id","client_id") REFERENCES "public"."stud_clients"("stud_id","id") ON DELETE SET NULL ("client_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_tasks" ADD CONSTRAINT "stud_tasks_horse_fk" FOREIGN KEY ("stud_id","horse_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE SET NULL ("horse_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_tasks" ADD CONSTRAINT "stud_tasks_medical_record_fk" FOREIGN KEY ("stud_id","medical_record_id") REFERENCES "public"."medical_records"("stud_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medical_record_media_record_idx" ON "medical_record_media" USING btree ("stud_id","medical_record_id");--> statement-breakpoint
CREATE INDEX "medical_records_horse_idx" ON "medical_records" USING btree ("stud_id","horse_id","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "medical_records_due_idx" ON "medical_records" USING btree ("stud_id","next_due_on") WHERE "medical_records"."next_due_on" is not null;--> statement-breakpoint
CREATE INDEX "stud_client_tags_tag_idx" ON "stud_client_tags" USING btree ("stud_id","tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stud_clients_email_key" ON "stud_clients" USING btree ("stud_id",lower("email")) WHERE "stud_clients"."email" is not null;--> statement-breakpoint
CREATE INDEX "stud_clients_stud_stage_idx" ON "stud_clients" USING btree ("stud_id","stage");--> statement-breakpoint
CREATE INDEX "stud_horse_media_horse_idx" ON "stud_horse_media" USING btree ("stud_id","horse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stud_horses_identity_key" ON "stud_horses" USING btree ("stud_id","horse_identity_id");--> statement-breakpoint
CREATE INDEX "stud_horses_identity_idx" ON "stud_horses" USING btree ("horse_identity_id");--> statement-breakpoint
CREATE INDEX "stud_horses_owner_idx" ON "stud_horses" USING btree ("stud_id","owner_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stud_tags_name_key" ON "stud_tags" USING btree ("stud_id",lower("name"));--> statement-breakpoint
CREATE INDEX "stud_tasks_stud_status_due_idx" ON "stud_tasks" USING btree ("stud_id","status","due_on");--> statement-breakpoint
CREATE INDEX "stud_tasks_assignee_idx" ON "stud_tasks" USING btree ("stud_id","assigned_to","status");--> statement-breakpoint
CREATE INDEX "stud_tasks_due_open_idx" ON "stud_tasks" USING btree ("due_on") WHERE "stud_tasks"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "stud_tasks_medical_record_key" ON "stud_tasks" USING btree ("stud_id","medical_record_id") WHERE "stud_tasks"."medical_record_id" is not null;