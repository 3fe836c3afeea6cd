-- A prospect's interest in a deleted service is cleared with ON DELETE SET NULL (column), which
-- keeps stud_id (drizzle-kit writes the whole key; edited by hand, as in 0018).
CREATE TABLE "semen_batches" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"stallion_id" uuid NOT NULL,
	"collected_on" date NOT NULL,
	"straws_per_dose" smallint NOT NULL,
	"doses_total" integer NOT NULL,
	"doses_available" integer NOT NULL,
	"storage" text,
	"post_thaw_motility" numeric(5, 2),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "semen_batches_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "semen_batches_straws_check" CHECK ("semen_batches"."straws_per_dose" >= 1),
	CONSTRAINT "semen_batches_doses_check" CHECK ("semen_batches"."doses_total" >= 1 and "semen_batches"."doses_available" between 0 and "semen_batches"."doses_total"),
	CONSTRAINT "semen_batches_motility_check" CHECK ("semen_batches"."post_thaw_motility" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "stud_services" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"stallion_id" uuid NOT NULL,
	"season" text NOT NULL,
	"method" text NOT NULL,
	"delivery" text DEFAULT 'on_site' NOT NULL,
	"stud_fee" numeric(12, 2) NOT NULL,
	"booking_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"doses_included" smallint DEFAULT 1 NOT NULL,
	"extra_dose_price" numeric(12, 2),
	"shipping_fee" numeric(12, 2),
	"guarantee" text DEFAULT 'none' NOT NULL,
	"balance_due_on" text DEFAULT 'confirmation' NOT NULL,
	"balance_due_date" date,
	"confirmation_day" smallint DEFAULT 45 NOT NULL,
	"substitute_mare_allowed" boolean DEFAULT false NOT NULL,
	"requires_signed_contract" boolean DEFAULT true NOT NULL,
	"contract_template_id" uuid,
	"public" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stud_services_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "stud_services_season_check" CHECK (char_length("stud_services"."season") between 1 and 20),
	CONSTRAINT "stud_services_method_check" CHECK ("stud_services"."method" in ('natural_cover', 'fresh_semen', 'frozen_semen')),
	CONSTRAINT "stud_services_delivery_check" CHECK ("stud_services"."delivery" in ('on_site', 'shipped')),
	CONSTRAINT "stud_services_natural_cover_check" CHECK ("stud_services"."method" <> 'natural_cover' or "stud_services"."delivery" = 'on_site'),
	CONSTRAINT "stud_services_guarantee_check" CHECK ("stud_services"."guarantee" in ('none', 'positive_pregnancy', 'live_foal')),
	CONSTRAINT "stud_services_balance_due_on_check" CHECK ("stud_services"."balance_due_on" in ('confirmation', 'pregnancy_confirmed', 'live_foal', 'fixed_date')),
	CONSTRAINT "stud_services_balance_due_date_check" CHECK (("stud_services"."balance_due_on" = 'fixed_date') = ("stud_services"."balance_due_date" is not null)),
	CONSTRAINT "stud_services_fees_check" CHECK ("stud_services"."stud_fee" >= 0 and "stud_services"."booking_fee" between 0 and "stud_services"."stud_fee"
          and "stud_services"."extra_dose_price" >= 0 and "stud_services"."shipping_fee" >= 0),
	CONSTRAINT "stud_services_doses_check" CHECK ("stud_services"."doses_included" >= 0),
	CONSTRAINT "stud_services_confirmation_day_check" CHECK ("stud_services"."confirmation_day" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "semen_batches" ADD CONSTRAINT "semen_batches_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semen_batches" ADD CONSTRAINT "semen_batches_stallion_fk" FOREIGN KEY ("stud_id","stallion_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_services" ADD CONSTRAINT "stud_services_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_services" ADD CONSTRAINT "stud_services_stallion_fk" FOREIGN KEY ("stud_id","stallion_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "semen_batches_stallion_idx" ON "semen_batches" USING btree ("stud_id","stallion_id","collected_on" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "stud_services_offer_key" ON "stud_services" USING btree ("stud_id","stallion_id","season","method","delivery");--> statement-breakpoint
ALTER TABLE "stud_clients" ADD CONSTRAINT "stud_clients_interest_service_fk" FOREIGN KEY ("stud_id","interest_service_id") REFERENCES "public"."stud_services"("stud_id","id") ON DELETE SET NULL ("interest_service_id") ON UPDATE no action;
