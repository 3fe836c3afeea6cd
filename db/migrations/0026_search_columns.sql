DROP INDEX "publications_active_birth_year_idx";--> statement-breakpoint
DROP INDEX "publications_active_height_idx";--> statement-breakpoint
DROP INDEX "publications_attributes_idx";--> statement-breakpoint
DROP INDEX "publications_active_newest_idx";--> statement-breakpoint
DROP INDEX "publications_active_price_idx";--> statement-breakpoint
DROP INDEX "publications_active_price_desc_idx";--> statement-breakpoint
DROP INDEX "publications_active_city_idx";--> statement-breakpoint
DROP INDEX "publications_active_state_idx";--> statement-breakpoint
DROP INDEX "publications_active_category_seller_idx";--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "state_key" text GENERATED ALWAYS AS (regexp_replace(normalize(lower(state), NFD), '[\u0300-\u036f]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "city_key" text GENERATED ALWAYS AS (regexp_replace(normalize(lower(city), NFD), '[\u0300-\u036f]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "breed_key" text GENERATED ALWAYS AS (regexp_replace(normalize(lower(attributes ->> 'breed'), NFD), '[\u0300-\u036f]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "discipline_key" text GENERATED ALWAYS AS (regexp_replace(normalize(lower(attributes ->> 'discipline'), NFD), '[\u0300-\u036f]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "sex" text GENERATED ALWAYS AS (case when jsonb_typeof(attributes -> 'sex') = 'string' then attributes ->> 'sex' end) STORED;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "birth_year" numeric GENERATED ALWAYS AS (case when jsonb_typeof(attributes -> 'birth_year') = 'number' then (attributes ->> 'birth_year')::numeric end) STORED;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "height_cm" numeric GENERATED ALWAYS AS (case when jsonb_typeof(attributes -> 'height_cm') = 'number' then (attributes ->> 'height_cm')::numeric end) STORED;--> statement-breakpoint
CREATE INDEX "publications_active_newest_idx" ON "publications" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price","category_id","seller_profile_id","sale_mode","state_key","city_key","breed_key","discipline_key","sex","birth_year","height_cm") WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_price_idx" ON "publications" USING btree ("price","id" DESC NULLS LAST,"published_at","category_id","seller_profile_id","sale_mode","state_key","city_key","breed_key","discipline_key","sex","birth_year","height_cm") WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_price_desc_idx" ON "publications" USING btree ("price" DESC NULLS LAST,"id" DESC NULLS LAST,"published_at","category_id","seller_profile_id","sale_mode","state_key","city_key","breed_key","discipline_key","sex","birth_year","height_cm") WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_city_idx" ON "publications" USING btree ("city_key") WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_state_idx" ON "publications" USING btree ("state_key") WHERE "publications"."status" = 'active';--> statement-breakpoint
CREATE INDEX "publications_active_category_seller_idx" ON "publications" USING btree ("category_id","seller_profile_id","sale_mode","state_key","city_key","breed_key","discipline_key","sex","birth_year","height_cm","price") WHERE "publications"."status" = 'active';