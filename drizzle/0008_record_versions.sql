CREATE TABLE "record_versions" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "record_version_seq";
--> statement-breakpoint
-- Bumps the version of every student whose rows the statement changed (one statement-level trigger
-- per event and table: transition tables allow one event per trigger). Keys are locked in order.
CREATE FUNCTION "bump_student_record_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_versions (key, version)
    SELECT k, nextval('record_version_seq') FROM (SELECT DISTINCT student_id::text AS k FROM changed_rows) d ORDER BY k
    ON CONFLICT (key) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_profile_record_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_versions (key, version)
    SELECT k, nextval('record_version_seq') FROM (SELECT DISTINCT user_id::text AS k FROM changed_rows) d ORDER BY k
    ON CONFLICT (key) DO UPDATE SET version = excluded.version;
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
BEGIN
  FOREACH t IN ARRAY ARRAY['sat_scores', 'act_scores', 'documents', 'team_members', 'guardian_links'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions()', t || '_record_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions()', t || '_record_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions()', t || '_record_version_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_people_record_version()', t || '_record_version_truncate', t);
  END LOOP;
  EXECUTE 'CREATE TRIGGER student_profiles_record_version_insert AFTER INSERT ON student_profiles REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_profile_record_versions()';
  EXECUTE 'CREATE TRIGGER student_profiles_record_version_update AFTER UPDATE ON student_profiles REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_profile_record_versions()';
  EXECUTE 'CREATE TRIGGER student_profiles_record_version_delete AFTER DELETE ON student_profiles REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_profile_record_versions()';
  FOREACH t IN ARRAY ARRAY['users', 'educator_profiles', 'admin_profiles', 'fao_profiles', 'student_profiles'] LOOP
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
