-- A membership's role must be a role of its organization's type (DESIGN-MODULES 0.1): an
-- instructor belongs to a school, a staff member to a stud. The API validates the role per
-- tenant kind; this keeps any other writer (seeds, scripts, a future route) from mixing them.
CREATE FUNCTION memberships_role_fits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM organizations o
    WHERE o.id = NEW.organization_id
      AND ((o.type = 'school' AND NEW.role IN ('owner', 'manager', 'instructor', 'viewer'))
        OR (o.type = 'stud' AND NEW.role IN ('owner', 'manager', 'staff', 'viewer')))
  ) THEN
    RAISE EXCEPTION 'The role % is not a role of this organization''s type.', NEW.role
      USING ERRCODE = '23514', CONSTRAINT = 'memberships_role_fits';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER memberships_role_fits BEFORE INSERT OR UPDATE OF role, organization_id ON memberships
  FOR EACH ROW EXECUTE FUNCTION memberships_role_fits();
