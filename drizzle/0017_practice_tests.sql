CREATE TABLE "practice_answers" (
	"attempt_id" uuid NOT NULL,
	"section" text NOT NULL,
	"number" integer NOT NULL,
	"answer" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_answers_attempt_id_section_number_pk" PRIMARY KEY("attempt_id","section","number")
);
--> statement-breakpoint
CREATE TABLE "practice_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"status" text DEFAULT 'assigned' NOT NULL,
	"due_date" date,
	"task_id" uuid,
	"sat_score_id" uuid,
	"act_score_id" uuid,
	"assigned_by_id" uuid NOT NULL,
	"submitted_by_id" uuid,
	"started_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"scores" jsonb,
	"skills" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_attempts_submitted" CHECK (("practice_attempts"."status" = 'submitted') = ("practice_attempts"."submitted_at" is not null and "practice_attempts"."scores" is not null))
);
--> statement-breakpoint
CREATE TABLE "practice_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"test" text NOT NULL,
	"format" text,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_forms_format" CHECK (("practice_forms"."test" = 'ACT') = ("practice_forms"."format" is not null)),
	CONSTRAINT "practice_forms_name_length" CHECK (char_length("practice_forms"."name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "practice_questions" (
	"form_id" uuid NOT NULL,
	"section" text NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"letters" text NOT NULL,
	"answers" text[] NOT NULL,
	"skill" text NOT NULL,
	CONSTRAINT "practice_questions_form_id_section_number_pk" PRIMARY KEY("form_id","section","number")
);
--> statement-breakpoint
CREATE TABLE "practice_scale_rows" (
	"form_id" uuid NOT NULL,
	"section" text NOT NULL,
	"raw" integer NOT NULL,
	"scaled_low" integer NOT NULL,
	"scaled_high" integer NOT NULL,
	CONSTRAINT "practice_scale_rows_form_id_section_raw_pk" PRIMARY KEY("form_id","section","raw")
);
--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_attempt_id_practice_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."practice_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_student_id_student_profiles_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_form_id_practice_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."practice_forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_sat_score_id_sat_scores_id_fk" FOREIGN KEY ("sat_score_id") REFERENCES "public"."sat_scores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_act_score_id_act_scores_id_fk" FOREIGN KEY ("act_score_id") REFERENCES "public"."act_scores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_submitted_by_id_users_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_forms" ADD CONSTRAINT "practice_forms_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD CONSTRAINT "practice_questions_form_id_practice_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."practice_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_scale_rows" ADD CONSTRAINT "practice_scale_rows_form_id_practice_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."practice_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_attempts_student_idx" ON "practice_attempts" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "practice_attempts_form_idx" ON "practice_attempts" USING btree ("form_id","status");--> statement-breakpoint
CREATE INDEX "practice_attempts_submitted_idx" ON "practice_attempts" USING btree ("submitted_at") WHERE "practice_attempts"."status" = 'submitted';--> statement-breakpoint
-- A practice attempt is part of a student's record (its status, its scores): a write to one bumps
-- that student's version, as the record's own tables do (migration 0008). The answers given are
-- not shown by any kept answer, so saving one stays a single write.
DO $$
DECLARE
  t text := 'practice_attempts';
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', t || '_record_version_insert', t, 'student_id');
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', t || '_record_version_update', t, 'student_id');
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_student_record_versions(%L)', t || '_record_version_delete', t, 'student_id');
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_people_record_version()', t || '_record_version_truncate', t);
END $$;
