CREATE TABLE "record_versions" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "record_version_seq";
--> statement-breakpoint
-- Bumps the version of every student whose rows the statement changed (one statement-level trigger
-- per event and table: transition tables allow one event per trigger). TG_ARGV[0] is the column
-- naming the student. Keys are locked in order.
CREATE FUNCTION "bump_student_record_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO record_versions (key, version)
    SELECT k, nextval(''record_version_seq'') FROM (SELECT DISTINCT %I::text AS k FROM changed_rows) d ORDER BY k
    ON CONFLICT (key) DO UPDATE SET version = excluded.version', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Names, emails and staff profiles appear on many records: a change to any of them moves `people`.
CREATE FUNCTION "bump_people_record_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_versions (key, version) VALUES ('people', nextval('record_version_seq'))
    ON CONFLICT (key) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  pair text[];
BEGIN
  FOREACH pair SLICE 1 IN ARRAY ARRAY[['sat_scores', 'student_id'], ['act_scores', 'student_id'],
      ['documents', 'student_id'], ['team_members', 'student_id'], ['guardian_links', 'student_id'],
      ['student_profiles', 'user_id']] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', pair[1] || '_record_version_insert', pair[1], pair[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', pair[1] || '_record_version_update', pair[1], pair[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', pair[1] || '_record_version_delete', pair[1], pair[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_people_record_version()', pair[1] || '_record_version_truncate', pair[1]);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['users', 'educator_profiles', 'admin_profiles', 'fao_profiles'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_people_record_version()', t || '_record_version_truncate', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['educator_profiles', 'admin_profiles', 'fao_profiles'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_people_record_version()', t || '_record_version_people', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- A user's name or email, only when it really changes (sign-ins touch other columns of users).
CREATE TRIGGER "users_record_version_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION bump_people_record_version();
--> statement-breakpoint
CREATE TRIGGER "users_record_version_delete" AFTER DELETE ON "users" FOR EACH STATEMENT
  EXECUTE FUNCTION bump_people_record_version();
