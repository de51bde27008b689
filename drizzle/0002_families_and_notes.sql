CREATE TABLE "guardian_links" (
	"guardian_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"relationship" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_links_student_id_guardian_id_pk" PRIMARY KEY("student_id","guardian_id"),
	CONSTRAINT "guardian_links_relationship_length" CHECK (char_length("guardian_links"."relationship") between 1 and 40)
);
--> statement-breakpoint
CREATE TABLE "session_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"date" date NOT NULL,
	"duration_minutes" integer,
	"visibility" text DEFAULT 'internal' NOT NULL,
	"body" text NOT NULL,
	"shared_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_notes_visibility" CHECK ("session_notes"."visibility" in ('shared', 'internal')),
	CONSTRAINT "session_notes_body_length" CHECK (char_length("session_notes"."body") between 1 and 20000),
	CONSTRAINT "session_notes_duration" CHECK ("session_notes"."duration_minutes" is null or "session_notes"."duration_minutes" between 1 and 600)
);
--> statement-breakpoint
CREATE TABLE "guardian_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_invites" DROP CONSTRAINT "user_invites_has_role";--> statement-breakpoint
ALTER TABLE "user_invites" ADD COLUMN "guardian_student_id" uuid;--> statement-breakpoint
ALTER TABLE "user_invites" ADD COLUMN "guardian_relationship" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_on_shared_notes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_student_id_student_profiles_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_student_id_student_profiles_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_profiles" ADD CONSTRAINT "guardian_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_links_guardian_idx" ON "guardian_links" USING btree ("guardian_id");--> statement-breakpoint
CREATE INDEX "session_notes_student_order_idx" ON "session_notes" USING btree ("student_id","date","created_at","id");--> statement-breakpoint
ALTER TABLE "user_invites" ADD CONSTRAINT "user_invites_guardian_student_id_student_profiles_user_id_fk" FOREIGN KEY ("guardian_student_id") REFERENCES "public"."student_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_invites" ADD CONSTRAINT "user_invites_guardian_relationship" CHECK (("user_invites"."guardian_student_id" is null) = ("user_invites"."guardian_relationship" is null));--> statement-breakpoint
ALTER TABLE "user_invites" ADD CONSTRAINT "user_invites_has_role" CHECK ("user_invites"."student" or "user_invites"."educator" or "user_invites"."fao" or "user_invites"."admin" or "user_invites"."guardian_student_id" is not null);