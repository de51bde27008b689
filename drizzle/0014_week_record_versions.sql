-- The dashboards' week shows a student's tasks, college entries and session notes: a write to
-- any of them bumps that student's version, as the record's own tables do (migration 0008).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tasks', 'college_entries', 'session_notes'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', t || '_record_version_insert', t, 'student_id');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', t || '_record_version_update', t, 'student_id');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', t || '_record_version_delete', t, 'student_id');
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_people_record_version()', t || '_record_version_truncate', t);
  END LOOP;
END $$;
