ALTER TABLE "student_profiles" ADD COLUMN "target_sat" integer;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "target_act" integer;--> statement-breakpoint
ALTER TABLE "act_scores" ADD COLUMN "source" text DEFAULT 'official' NOT NULL;--> statement-breakpoint
ALTER TABLE "act_scores" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "act_scores" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sat_scores" ADD COLUMN "source" text DEFAULT 'official' NOT NULL;--> statement-breakpoint
ALTER TABLE "sat_scores" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "sat_scores" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_target_sat" CHECK ("student_profiles"."target_sat" is null or ("student_profiles"."target_sat" between 400 and 1600 and "student_profiles"."target_sat" % 10 = 0));--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_target_act" CHECK ("student_profiles"."target_act" is null or "student_profiles"."target_act" between 1 and 36);--> statement-breakpoint
ALTER TABLE "act_scores" ADD CONSTRAINT "act_source_known" CHECK ("act_scores"."source" in ('official', 'practice', 'diagnostic'));--> statement-breakpoint
ALTER TABLE "act_scores" ADD CONSTRAINT "act_note_length" CHECK ("act_scores"."note" is null or char_length("act_scores"."note") <= 200);--> statement-breakpoint
ALTER TABLE "sat_scores" ADD CONSTRAINT "sat_source_known" CHECK ("sat_scores"."source" in ('official', 'practice', 'diagnostic'));--> statement-breakpoint
ALTER TABLE "sat_scores" ADD CONSTRAINT "sat_note_length" CHECK ("sat_scores"."note" is null or char_length("sat_scores"."note") <= 200);