DROP INDEX "publications_active_newest_idx";--> statement-breakpoint
DROP INDEX "publications_active_price_idx";--> statement-breakpoint
DROP INDEX "publications_active_price_desc_idx";--> statement-breakpoint
DROP INDEX "publications_active_city_idx";--> statement-breakpoint
DROP INDEX "publications_active_state_idx";--> statement-breakpoint
DROP INDEX "publications_active_category_idx";--> statement-breakpoint
DROP INDEX "publications_search_idx";--> statement-breakpoint
DROP INDEX "publications_active_category_seller_idx";--> statement-breakpoint
DROP INDEX "publications_active_seller_idx";--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "seller_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Listings of suspended users and organizations, as they stand (a profile has one owner).
UPDATE "publications" p SET "seller_active" = false
  FROM "seller_profiles" s
  LEFT JOIN "users" u ON u."id" = s."user_id"
  LEFT JOIN "organizations" o ON o."id" = s."organization_id"
 WHERE s."id" = p."seller_profile_id" AND coalesce(u."status", o."status") <> 'active';--> statement-breakpoint
-- A listing written takes its seller's state: the owner of its profile is active.
CREATE FUNCTION "publications_take_seller_active"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."seller_active" := coalesce((
    SELECT coalesce(u."status", o."status") = 'active'
      FROM "seller_profiles" s
      LEFT JOIN "users" u ON u."id" = s."user_id"
      LEFT JOIN "organizations" o ON o."id" = s."organization_id"
     WHERE s."id" = NEW."seller_profile_id"), true);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "publications_take_seller_active"
  BEFORE INSERT OR UPDATE OF "seller_profile_id", "seller_active" ON "publications"
  FOR EACH ROW EXECUTE FUNCTION "publications_take_seller_active"();--> statement-breakpoint
-- A user or an organization suspended or reinstated: their listings follow in the same statement.
CREATE FUNCTION "seller_owner_status_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  profile uuid;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    SELECT s."id" INTO profile FROM "seller_profiles" s WHERE s."user_id" = NEW."id";
  ELSE
    SELECT s."id" INTO profile FROM "seller_profiles" s WHERE s."organization_id" = NEW."id";
  END IF;
  UPDATE "publications" SET "seller_active" = (NEW."status" = 'active')
   WHERE "seller_profile_id" = profile AND "seller_active" IS DISTINCT FROM (NEW."status" = 'active');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_seller_listings" AFTER UPDATE OF "status" ON "users"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "seller_owner_status_changed"();--> statement-breakpoint
CREATE TRIGGER "organizations_seller_listings" AFTER UPDATE OF "status" ON "organizations"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "seller_owner_status_changed"();--> statement-breakpoint
CREATE INDEX "publications_active_newest_idx" ON "publications" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price","category_id","seller_profile_id","sale_mode","state_key","city_key","breed_key","discipline_key","sex","birth_year","height_cm") WHERE "publications"."status" = 'active' and "publications"."seller_active";--> statement-breakpoint
CREATE INDEX "publications_active_price_idx" ON "publications" USING btree ("price","id" DESC NULLS LAST,"published_at","category_id","seller_profile_id","sale_mode","state_key","city_key","breed_key","discipline_key","sex","birth_year","height_cm") WHERE "publications"."status" = 'active' and "publications"."seller_active";--> statement-breakpoint
CREATE INDEX "publications_active_price_desc_idx" ON "publications" USING btree ("price" DESC NULLS LAST,"id" DESC NULLS LAST,"published_at","category_id","seller_profile_id","sale_mode","state_key","city_key","breed_key","discipline_key","sex","birth_year","height_cm") WHERE "publications"."status" = 'active' and "publications"."seller_active";--> statement-breakpoint
CREATE INDEX "publications_active_city_idx" ON "publications" USING btree ("city_key") WHERE "publications"."status" = 'active' and "publications"."seller_active";--> statement-breakpoint
CREATE INDEX "publications_active_state_idx" ON "publications" USING btree ("state_key") WHERE "publications"."status" = 'active' and "publications"."seller_active";--> statement-breakpoint
CREATE INDEX "publications_active_category_idx" ON "publications" USING btree ("category_id","published_at" DESC NULLS LAST) WHERE "publications"."status" = 'active' and "publications"."seller_active";--> statement-breakpoint
CREATE INDEX "publications_search_idx" ON "publications" USING gin ("search_vector") WHERE "publications"."status" = 'active' and "publications"."seller_active";--> statement-breakpoint
CREATE INDEX "publications_active_category_seller_idx" ON "publications" USING btree ("category_id","seller_profile_id","sale_mode","state_key","city_key","breed_key","discipline_key","sex","birth_year","height_cm","price") WHERE "publications"."status" = 'active' and "publications"."seller_active";--> statement-breakpoint
CREATE INDEX "publications_active_seller_idx" ON "publications" USING btree ("seller_profile_id") WHERE "publications"."status" = 'active' and "publications"."seller_active";