-- The weekly timetable's version (issue 27; db/schema/summaries.ts): every statement that
-- writes a school's schedules, classes, instructors, enrollments, students or horses adds one to
-- the version of each school it wrote, and drops those schools' stored weekly timetables, in the
-- statement itself (statement-level triggers with transition tables), whichever path wrote
-- (requests, imports, seeds, cascades). Schools are counted in id order, so that concurrent
-- writers lock version rows in the same order.
CREATE FUNCTION timetable_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed constant text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT school_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT school_id FROM old_rows'
    ELSE 'SELECT school_id FROM new_rows UNION SELECT school_id FROM old_rows'
  END;
BEGIN
  EXECUTE format(
    'INSERT INTO timetable_versions AS t (school_id, version) '
    'SELECT DISTINCT school_id, 1 FROM (%s) AS changed ORDER BY school_id '
    'ON CONFLICT (school_id) DO UPDATE SET version = t.version + 1', changed);
  EXECUTE format('DELETE FROM weekly_timetables WHERE school_id IN (%s)', changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER schedules_timetable_insert AFTER INSERT ON schedules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER schedules_timetable_update AFTER UPDATE ON schedules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER schedules_timetable_delete AFTER DELETE ON schedules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER classes_timetable_insert AFTER INSERT ON classes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER classes_timetable_update AFTER UPDATE ON classes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER classes_timetable_delete AFTER DELETE ON classes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER instructors_timetable_insert AFTER INSERT ON instructors REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER instructors_timetable_update AFTER UPDATE ON instructors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER instructors_timetable_delete AFTER DELETE ON instructors REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER enrollments_timetable_insert AFTER INSERT ON enrollments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER enrollments_timetable_update AFTER UPDATE ON enrollments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER enrollments_timetable_delete AFTER DELETE ON enrollments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER students_timetable_insert AFTER INSERT ON students REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER students_timetable_update AFTER UPDATE ON students REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER students_timetable_delete AFTER DELETE ON students REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER horses_timetable_insert AFTER INSERT ON horses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER horses_timetable_update AFTER UPDATE ON horses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
CREATE TRIGGER horses_timetable_delete AFTER DELETE ON horses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION timetable_version_bump();
--> statement-breakpoint
-- Kept uncompressed: a kept week is read far more often than written, and reading 4.7 MB
-- compressed cost twice the time of reading it as is.
ALTER TABLE weekly_timetables ALTER COLUMN days SET STORAGE EXTERNAL;
