CREATE TABLE "hour_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer NOT NULL,
	"package_id" uuid,
	"session_id" uuid,
	"reason" text,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_ledger_kind" CHECK ("hour_ledger"."kind" in ('purchase', 'session', 'adjustment')),
	CONSTRAINT "hour_ledger_session_has_session" CHECK (("hour_ledger"."kind" = 'session') = ("hour_ledger"."session_id" is not null)),
	CONSTRAINT "hour_ledger_purchase_has_package" CHECK ("hour_ledger"."kind" <> 'purchase' or "hour_ledger"."package_id" is not null),
	CONSTRAINT "hour_ledger_adjustment_reason" CHECK ("hour_ledger"."kind" <> 'adjustment' or char_length("hour_ledger"."reason") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "hour_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"name" text NOT NULL,
	"service" text,
	"minutes" integer NOT NULL,
	"price_paid_cents" integer,
	"purchased_on" date NOT NULL,
	"expires_on" date,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_packages_minutes" CHECK ("hour_packages"."minutes" between 30 and 30000 and "hour_packages"."minutes" % 15 = 0),
	CONSTRAINT "hour_packages_name_length" CHECK (char_length("hour_packages"."name") between 1 and 200),
	CONSTRAINT "hour_packages_price" CHECK ("hour_packages"."price_paid_cents" is null or "hour_packages"."price_paid_cents" >= 0),
	CONSTRAINT "hour_packages_service" CHECK ("hour_packages"."service" is null or "hour_packages"."service" in ('tutoring', 'essays', 'admissions'))
);
--> statement-breakpoint
CREATE TABLE "mail_claims" (
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"period" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_claims_kind_subject_id_period_pk" PRIMARY KEY("kind","subject_id","period")
);
--> statement-breakpoint
CREATE TABLE "session_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"every_weeks" integer NOT NULL,
	"until_date" date,
	"occurrences" integer,
	"time_zone" text NOT NULL,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_series_every_weeks" CHECK ("session_series"."every_weeks" between 1 and 4),
	CONSTRAINT "session_series_occurrences" CHECK ("session_series"."occurrences" is null or "session_series"."occurrences" between 1 and 52)
);
--> statement-breakpoint
CREATE TABLE "tutoring_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"educator_id" uuid NOT NULL,
	"service" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"location_kind" text NOT NULL,
	"location_detail" text NOT NULL,
	"agenda" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"series_id" uuid,
	"reminded_starts_at" timestamp with time zone,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutoring_sessions_service" CHECK ("tutoring_sessions"."service" in ('tutoring', 'essays', 'admissions')),
	CONSTRAINT "tutoring_sessions_status" CHECK ("tutoring_sessions"."status" in ('scheduled', 'attended', 'cancelled', 'late-cancelled', 'no-show')),
	CONSTRAINT "tutoring_sessions_duration" CHECK ("tutoring_sessions"."duration_minutes" between 15 and 480 and "tutoring_sessions"."duration_minutes" % 5 = 0),
	CONSTRAINT "tutoring_sessions_ends_after_start" CHECK ("tutoring_sessions"."ends_at" > "tutoring_sessions"."starts_at"),
	CONSTRAINT "tutoring_sessions_location_kind" CHECK ("tutoring_sessions"."location_kind" in ('online', 'in-person')),
	CONSTRAINT "tutoring_sessions_location_length" CHECK (char_length("tutoring_sessions"."location_detail") between 1 and 2000),
	CONSTRAINT "tutoring_sessions_agenda_length" CHECK ("tutoring_sessions"."agenda" is null or char_length("tutoring_sessions"."agenda") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "session_notes" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_session_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "hour_ledger" ADD CONSTRAINT "hour_ledger_student_id_student_profiles_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_ledger" ADD CONSTRAINT "hour_ledger_package_id_hour_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."hour_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_ledger" ADD CONSTRAINT "hour_ledger_session_id_tutoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."tutoring_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_ledger" ADD CONSTRAINT "hour_ledger_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_packages" ADD CONSTRAINT "hour_packages_student_id_student_profiles_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_packages" ADD CONSTRAINT "hour_packages_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_student_id_student_profiles_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_student_id_student_profiles_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_educator_id_users_id_fk" FOREIGN KEY ("educator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_series_id_session_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."session_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hour_ledger_one_per_session" ON "hour_ledger" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hour_ledger_one_purchase_per_package" ON "hour_ledger" USING btree ("package_id") WHERE "hour_ledger"."kind" = 'purchase';--> statement-breakpoint
CREATE INDEX "hour_ledger_student_idx" ON "hour_ledger" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "hour_packages_student_idx" ON "hour_packages" USING btree ("student_id","purchased_on");--> statement-breakpoint
CREATE INDEX "tutoring_sessions_student_idx" ON "tutoring_sessions" USING btree ("student_id","starts_at");--> statement-breakpoint
CREATE INDEX "tutoring_sessions_educator_idx" ON "tutoring_sessions" USING btree ("educator_id","starts_at");--> statement-breakpoint
CREATE INDEX "tutoring_sessions_series_idx" ON "tutoring_sessions" USING btree ("series_id","starts_at");--> statement-breakpoint
CREATE INDEX "tutoring_sessions_reminder_idx" ON "tutoring_sessions" USING btree ("starts_at") WHERE "tutoring_sessions"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_session_id_tutoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."tutoring_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Sessions, packages and the hours ledger are part of a student's record: a write to any of them
-- bumps that student's version, as the record's own tables do (migration 0008).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tutoring_sessions', 'hour_packages', 'hour_ledger'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', t || '_record_version_insert', t, 'student_id');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', t || '_record_version_update', t, 'student_id');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', t || '_record_version_delete', t, 'student_id');
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_people_record_version()', t || '_record_version_truncate', t);
  END LOOP;
END $$;
