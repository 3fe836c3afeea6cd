CREATE TABLE "marketplace_favourites" (
	"user_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_favourites_user_id_publication_id_pk" PRIMARY KEY("user_id","publication_id")
);
--> statement-breakpoint
CREATE TABLE "listing_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publication_id" uuid NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"message" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publication_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_reports_reason_check" CHECK ("listing_reports"."reason" in ('spam', 'fraud', 'prohibited', 'wrong_category', 'other')),
	CONSTRAINT "listing_reports_status_check" CHECK ("listing_reports"."status" in ('open', 'upheld', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "marketplace_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" uuid,
	"kind" text NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_categories_kind_check" CHECK ("marketplace_categories"."kind" in ('horse', 'item', 'service', 'stallion_service')),
	CONSTRAINT "marketplace_categories_parent_check" CHECK ("marketplace_categories"."parent_id" is distinct from "marketplace_categories"."id")
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publication_id" uuid NOT NULL,
	"admin_id" uuid,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" in ('approve', 'reject', 'suspend', 'reinstate', 'dismiss_reports'))
);
--> statement-breakpoint
CREATE TABLE "publication_media" (
	"seller_profile_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "publication_media_publication_id_media_id_pk" PRIMARY KEY("publication_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "seller_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"organization_id" uuid,
	"display_name" text NOT NULL,
	"slug" text NOT NULL,
	"bio" text,
	"city" text,
	"state" text,
	"country" text,
	"phone" text,
	"phone_visible" boolean DEFAULT false NOT NULL,
	"contact_email" text,
	"avatar_media_id" uuid,
	"payout_status" text DEFAULT 'not_connected' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_profiles_owner_check" CHECK (num_nonnulls("seller_profiles"."user_id", "seller_profiles"."organization_id") = 1),
	CONSTRAINT "seller_profiles_payout_status_check" CHECK ("seller_profiles"."payout_status" in ('not_connected', 'pending', 'active', 'restricted'))
);
--> statement-breakpoint
ALTER TABLE "publications" DROP CONSTRAINT "publications_status_check";--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "organization_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now no route created publications (only the test dashboard counted them): rows without a seller or category cannot be kept.
DELETE FROM "publications";--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "seller_profile_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "category_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "price_type" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "sale_mode" text DEFAULT 'enquiry' NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "ships" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "shipping_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "pickup" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "horse_identity_id" uuid;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "service_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "suspended_from" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "favourites_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, regexp_replace(normalize(lower(title), NFD), '[\u0300-\u036f]', '', 'g')), 'A') || setweight(to_tsvector('spanish'::regconfig, regexp_replace(normalize(lower(title), NFD), '[\u0300-\u036f]', '', 'g')), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace(normalize(lower(coalesce(attributes->>'breed', '') || ' ' || coalesce(attributes->>'discipline', '')), NFD), '[\u0300-\u036f]', '', 'g')), 'B') || setweight(to_tsvector('spanish'::regconfig, regexp_replace(normalize(lower(coalesce(attributes->>'breed', '') || ' ' || coalesce(attributes->>'discipline', '')), NFD), '[\u0300-\u036f]', '', 'g')), 'B') || setweight(to_tsvector('english'::regconfig, regexp_replace(normalize(lower(description), NFD), '[\u0300-\u036f]', '', 'g')), 'C') || setweight(to_tsvector('spanish'::regconfig, regexp_replace(normalize(lower(description), NFD), '[\u0300-\u036f]', '', 'g')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "seller_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_seller_profile_id_key" UNIQUE("seller_profile_id","id");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_seller_profile_id_key" UNIQUE("seller_profile_id","id");--> statement-breakpoint
ALTER TABLE "marketplace_favourites" ADD CONSTRAINT "marketplace_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_favourites" ADD CONSTRAINT "marketplace_favourites_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_contacts" ADD CONSTRAINT "listing_contacts_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_contacts" ADD CONSTRAINT "listing_contacts_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_contacts" ADD CONSTRAINT "listing_contacts_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_categories" ADD CONSTRAINT "marketplace_categories_parent_id_marketplace_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."marketplace_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_media" ADD CONSTRAINT "publication_media_publication_fk" FOREIGN KEY ("seller_profile_id","publication_id") REFERENCES "public"."publications"("seller_profile_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_media" ADD CONSTRAINT "publication_media_media_fk" FOREIGN KEY ("seller_profile_id","media_id") REFERENCES "public"."media"("seller_profile_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD CONSTRAINT "seller_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD CONSTRAINT "seller_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_favourites_newest_idx" ON "marketplace_favourites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "marketplace_favourites_publication_idx" ON "marketplace_favourites" USING btree ("publication_id");--> statement-breakpoint
CREATE INDEX "listing_contacts_received_idx" ON "listing_contacts" USING btree ("seller_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_contacts_sent_idx" ON "listing_contacts" USING btree ("sender_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "listing_reports_open_key" ON "listing_reports" USING btree ("publication_id","reporter_id") WHERE "listing_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "listing_reports_open_idx" ON "listing_reports" USING btree ("publication_id","created_at") WHERE "listing_reports"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_categories_slug_key" ON "marketplace_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "marketplace_categories_parent_idx" ON "marketplace_categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "moderation_actions_publication_idx" ON "moderation_actions" USING btree ("publication_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_newest_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publication_media_order_idx" ON "publication_media" USING btree ("publication_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_profiles_user_key" ON "seller_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_profiles_organization_key" ON "seller_profiles" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_profiles_slug_key" ON "seller_profiles" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_category_id_marketplace_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."marketplace_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_horse_identity_id_horse_identities_id_fk" FOREIGN KEY ("horse_identity_id") REFERENCES "public"."horse_identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publications_active_newest_idx" ON "publications" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_price_idx" ON "publications" USING btree ("price","id" DESC NULLS LAST) WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_price_desc_idx" ON "publications" USING btree ("price" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_birth_year_idx" ON "publications" USING btree ((case when jsonb_typeof("attributes" -> 'birth_year') = 'number' then ("attributes" ->> 'birth_year')::numeric end)) WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_height_idx" ON "publications" USING btree ((case when jsonb_typeof("attributes" -> 'height_cm') = 'number' then ("attributes" ->> 'height_cm')::numeric end)) WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_city_idx" ON "publications" USING btree (regexp_replace(normalize(lower("city"), NFD), '[\u0300-\u036f]', '', 'g')) WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_state_idx" ON "publications" USING btree (regexp_replace(normalize(lower("state"), NFD), '[\u0300-\u036f]', '', 'g')) WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_category_idx" ON "publications" USING btree ("category_id","published_at" DESC NULLS LAST) WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_search_idx" ON "publications" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "publications_attributes_idx" ON "publications" USING gin ("attributes" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "publications_seller_idx" ON "publications" USING btree ("seller_profile_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publications_expiry_idx" ON "publications" USING btree ("expires_at") WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "media_seller_profile_created_idx" ON "media" USING btree ("seller_profile_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_price_type_check" CHECK ("publications"."price_type" in ('fixed', 'negotiable', 'on_request'));--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_sale_mode_check" CHECK ("publications"."sale_mode" in ('buy_now', 'enquiry'));--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_price_check" CHECK ("publications"."price" >= 0 and "publications"."shipping_price" >= 0);--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_price_given_check" CHECK ("publications"."price_type" = 'on_request' or "publications"."price" is not null);--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_quantity_check" CHECK ("publications"."quantity" >= 0);--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_favourites_count_check" CHECK ("publications"."favourites_count" >= 0);--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_suspended_from_check" CHECK (("publications"."status" = 'suspended') = ("publications"."suspended_from" is not null));--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_status_check" CHECK ("publications"."status" in ('draft', 'pending', 'active', 'paused', 'sold', 'expired', 'rejected', 'suspended', 'removed', 'archived'));--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_check" CHECK (num_nonnulls("media"."organization_id", "media"."seller_profile_id") = 1);