CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "college_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"name" text NOT NULL,
	"round" text NOT NULL,
	"deadline" date,
	"status" text DEFAULT 'researching' NOT NULL,
	"notes" text,
	"cost_of_attendance" integer,
	"aid_offered" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "college_entries_round" CHECK ("college_entries"."round" in ('ED', 'ED2', 'EA', 'REA', 'RD', 'Rolling')),
	CONSTRAINT "college_entries_status" CHECK ("college_entries"."status" in ('researching', 'applying', 'submitted', 'admitted', 'waitlisted', 'deferred', 'denied', 'withdrawn', 'enrolled')),
	CONSTRAINT "college_entries_name_length" CHECK (char_length("college_entries"."name") between 1 and 120),
	CONSTRAINT "college_entries_notes_length" CHECK ("college_entries"."notes" is null or char_length("college_entries"."notes") <= 2000),
	CONSTRAINT "college_entries_dollars" CHECK (("college_entries"."cost_of_attendance" is null or "college_entries"."cost_of_attendance" between 0 and 1000000)
        and ("college_entries"."aid_offered" is null or "college_entries"."aid_offered" between 0 and 1000000))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"title" text NOT NULL,
	"details" text,
	"due_date" date,
	"assignee_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_by_id" uuid NOT NULL,
	"reminded_due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_status" CHECK ("tasks"."status" in ('open', 'done')),
	CONSTRAINT "tasks_done_has_time" CHECK (("tasks"."status" = 'done') = ("tasks"."completed_at" is not null)),
	CONSTRAINT "tasks_title_length" CHECK (char_length("tasks"."title") between 1 and 200),
	CONSTRAINT "tasks_details_length" CHECK ("tasks"."details" is null or char_length("tasks"."details") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_task_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "college_entries" ADD CONSTRAINT "college_entries_student_id_student_profiles_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_student_id_student_profiles_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "college_entries_student_idx" ON "college_entries" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "tasks_student_idx" ON "tasks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_open_idx" ON "tasks" USING btree ("assignee_id") WHERE "tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tasks_reminder_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."status" = 'open' and "tasks"."due_date" is not null;