CREATE TABLE "marketplace_search_version" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_search_version_one_check" CHECK ("marketplace_search_version"."one")
);
--> statement-breakpoint
-- The version's values come from a sequence, so that none repeats: a row deleted and written
-- again (the test harness empties every table) never brings back a version a total was held under.
CREATE SEQUENCE "marketplace_search_version_seq";--> statement-breakpoint
INSERT INTO "marketplace_search_version" ("one", "version") VALUES (true, nextval('marketplace_search_version_seq'));--> statement-breakpoint
-- Moves the version on when a statement changed what a search can find: a listing that is or was
-- findable (active, of an active seller) whose state, seller, category, price, sale mode, place,
-- text or horse attributes changed; any change of the categories (their tree and kinds).
CREATE FUNCTION "marketplace_search_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'publications' THEN
    IF TG_OP = 'INSERT' THEN
      IF NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.status = 'active' AND n.seller_active) THEN
        RETURN NULL;
      END IF;
    ELSIF TG_OP = 'DELETE' THEN
      IF NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.status = 'active' AND o.seller_active) THEN
        RETURN NULL;
      END IF;
    ELSIF NOT EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE ((n.status = 'active' AND n.seller_active) OR (o.status = 'active' AND o.seller_active))
         AND (n.status, n.seller_active, n.seller_profile_id, n.category_id, n.price, n.sale_mode,
              n.state_key, n.city_key, n.breed_key, n.discipline_key, n.sex, n.birth_year,
              n.height_cm, n.search_vector)
             IS DISTINCT FROM
             (o.status, o.seller_active, o.seller_profile_id, o.category_id, o.price, o.sale_mode,
              o.state_key, o.city_key, o.breed_key, o.discipline_key, o.sex, o.birth_year,
              o.height_cm, o.search_vector)) THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO "marketplace_search_version" AS v ("one", "version")
  VALUES (true, nextval('marketplace_search_version_seq'))
  ON CONFLICT ("one") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "publications_search_insert" AFTER INSERT ON "publications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_search_version_bump"();--> statement-breakpoint
CREATE TRIGGER "publications_search_update" AFTER UPDATE ON "publications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_search_version_bump"();--> statement-breakpoint
CREATE TRIGGER "publications_search_delete" AFTER DELETE ON "publications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_search_version_bump"();--> statement-breakpoint
CREATE TRIGGER "marketplace_categories_search" AFTER INSERT OR UPDATE OR DELETE ON "marketplace_categories" FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_search_version_bump"();
