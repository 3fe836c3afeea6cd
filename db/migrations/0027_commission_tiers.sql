CREATE TABLE "commission_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid,
	"min_amount" numeric(12, 2) NOT NULL,
	"max_amount" numeric(12, 2),
	"rate_percent" numeric(5, 2) NOT NULL,
	"fixed_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_tiers_min_amount_check" CHECK ("commission_tiers"."min_amount" >= 0),
	CONSTRAINT "commission_tiers_max_amount_check" CHECK ("commission_tiers"."max_amount" is null or "commission_tiers"."max_amount" > "commission_tiers"."min_amount"),
	CONSTRAINT "commission_tiers_rate_percent_check" CHECK ("commission_tiers"."rate_percent" between 0 and 50),
	CONSTRAINT "commission_tiers_fixed_fee_check" CHECK ("commission_tiers"."fixed_fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "commission_tiers" ADD CONSTRAINT "commission_tiers_category_id_marketplace_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."marketplace_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_tiers_scope_idx" ON "commission_tiers" USING btree ("category_id","min_amount") WHERE "commission_tiers"."active";--> statement-breakpoint
-- E.5: the global bands always cover 0 to no limit, so the platform starts with one 10 % band.
INSERT INTO "commission_tiers" ("name", "min_amount", "max_amount", "rate_percent", "fixed_fee") VALUES ('Standard', 0, NULL, 10, 0);
