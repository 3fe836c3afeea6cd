CREATE TABLE "horse_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"registered_name" text,
	"sex" text DEFAULT 'unknown' NOT NULL,
	"gelded" boolean DEFAULT false NOT NULL,
	"birth_date" date,
	"birth_year" smallint NOT NULL,
	"breed" text,
	"colour" text,
	"country" text,
	"ueln" text,
	"microchip" text,
	"studbook" text,
	"registration_number" text,
	"sire_id" uuid,
	"dam_id" uuid,
	"status" text DEFAULT 'unverified' NOT NULL,
	"merged_into_id" uuid,
	"created_by_org_id" uuid,
	"deceased_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "horse_identities_ueln_key" UNIQUE("ueln"),
	CONSTRAINT "horse_identities_microchip_key" UNIQUE("microchip"),
	CONSTRAINT "horse_identities_registration_key" UNIQUE("studbook","registration_number"),
	CONSTRAINT "horse_identities_name_check" CHECK (char_length("horse_identities"."name") between 1 and 120),
	CONSTRAINT "horse_identities_sex_check" CHECK ("horse_identities"."sex" in ('male', 'female', 'unknown')),
	CONSTRAINT "horse_identities_status_check" CHECK ("horse_identities"."status" in ('unverified', 'verified', 'merged')),
	CONSTRAINT "horse_identities_ueln_check" CHECK ("horse_identities"."ueln" ~ '^[A-Z0-9]{15}$'),
	CONSTRAINT "horse_identities_microchip_check" CHECK ("horse_identities"."microchip" ~ '^[0-9]{15}$'),
	CONSTRAINT "horse_identities_country_check" CHECK ("horse_identities"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "horse_identities_birth_check" CHECK ("horse_identities"."birth_date" is null or extract(year from "horse_identities"."birth_date") = "horse_identities"."birth_year"),
	CONSTRAINT "horse_identities_parents_check" CHECK ("horse_identities"."sire_id" is distinct from "horse_identities"."id" and "horse_identities"."dam_id" is distinct from "horse_identities"."id"),
	CONSTRAINT "horse_identities_merged_check" CHECK (("horse_identities"."status" = 'merged') = ("horse_identities"."merged_into_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "pedigree_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"horse_identity_id" uuid NOT NULL,
	"filed_by" uuid,
	"changes" jsonb NOT NULL,
	"reason" text NOT NULL,
	"media_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedigree_corrections_status_check" CHECK ("pedigree_corrections"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "horses" ADD COLUMN "horse_identity_id" uuid;--> statement-breakpoint
ALTER TABLE "horse_identities" ADD CONSTRAINT "horse_identities_created_by_org_id_organizations_id_fk" FOREIGN KEY ("created_by_org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horse_identities" ADD CONSTRAINT "horse_identities_sire_fk" FOREIGN KEY ("sire_id") REFERENCES "public"."horse_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horse_identities" ADD CONSTRAINT "horse_identities_dam_fk" FOREIGN KEY ("dam_id") REFERENCES "public"."horse_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horse_identities" ADD CONSTRAINT "horse_identities_merged_into_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."horse_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedigree_corrections" ADD CONSTRAINT "pedigree_corrections_horse_identity_id_horse_identities_id_fk" FOREIGN KEY ("horse_identity_id") REFERENCES "public"."horse_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedigree_corrections" ADD CONSTRAINT "pedigree_corrections_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedigree_corrections" ADD CONSTRAINT "pedigree_corrections_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "horse_identities_name_idx" ON "horse_identities" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "horse_identities_registration_number_idx" ON "horse_identities" USING btree ("registration_number");--> statement-breakpoint
CREATE INDEX "horse_identities_sire_idx" ON "horse_identities" USING btree ("sire_id");--> statement-breakpoint
CREATE INDEX "horse_identities_dam_idx" ON "horse_identities" USING btree ("dam_id");--> statement-breakpoint
CREATE INDEX "pedigree_corrections_queue_idx" ON "pedigree_corrections" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "pedigree_corrections_identity_idx" ON "pedigree_corrections" USING btree ("horse_identity_id");--> statement-breakpoint
ALTER TABLE "horses" ADD CONSTRAINT "horses_horse_identity_id_horse_identities_id_fk" FOREIGN KEY ("horse_identity_id") REFERENCES "public"."horse_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "horses_identity_idx" ON "horses" USING btree ("horse_identity_id");