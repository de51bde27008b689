-- The same bump as migration 0008's, with its statement written out for the two columns that name
-- a student (`student_id`, `user_id`): PL/pgSQL plans a written-out statement once per connection,
-- where `EXECUTE format(...)` parsed and planned it on every write. Any other column still goes
-- through `format`.
CREATE OR REPLACE FUNCTION "bump_student_record_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'student_id' THEN
    INSERT INTO record_versions (key, version)
      SELECT k, nextval('record_version_seq') FROM (SELECT DISTINCT student_id::text AS k FROM changed_rows) d ORDER BY k
      ON CONFLICT (key) DO UPDATE SET version = excluded.version;
  ELSIF TG_ARGV[0] = 'user_id' THEN
    INSERT INTO record_versions (key, version)
      SELECT k, nextval('record_version_seq') FROM (SELECT DISTINCT user_id::text AS k FROM changed_rows) d ORDER BY k
      ON CONFLICT (key) DO UPDATE SET version = excluded.version;
  ELSE
    EXECUTE format('INSERT INTO record_versions (key, version)
      SELECT k, nextval(''record_version_seq'') FROM (SELECT DISTINCT %I::text AS k FROM changed_rows) d ORDER BY k
      ON CONFLICT (key) DO UPDATE SET version = excluded.version', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
