ALTER TABLE "calendar_feeds" ADD COLUMN "token_sealed" text;--> statement-breakpoint
ALTER TABLE "college_entries" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "target_sat_date" date;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "target_act_date" date;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "class_year" integer;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "school" text;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "test_dates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "college_entries" ADD CONSTRAINT "college_entries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_class_year" CHECK ("student_profiles"."class_year" is null or "student_profiles"."class_year" between 2000 and 2100);--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_school_length" CHECK ("student_profiles"."school" is null or char_length("student_profiles"."school") between 1 and 200);--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_test_dates" CHECK (jsonb_typeof("student_profiles"."test_dates") = 'array' and jsonb_array_length("student_profiles"."test_dates") <= 10);--> statement-breakpoint
-- Entries added before the author was kept: the actor of their audit event, where there is one.
UPDATE "college_entries" e SET "created_by_id" = a."actor_id"
  FROM "audit_events" a
  WHERE a."action" = 'college.created' AND a."subject_id" = e."id" AND a."actor_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = a."actor_id");
