ALTER TABLE "tutoring_sessions" ADD COLUMN "status_set_by_id" uuid;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD COLUMN "status_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_status_set_by_id_users_id_fk" FOREIGN KEY ("status_set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Sessions cancelled or marked before the columns existed: who and when, from the newest status
-- change the audit log holds for each.
UPDATE "tutoring_sessions" s SET "status_set_by_id" = a."actor_id", "status_set_at" = a."created_at"
FROM (
  SELECT DISTINCT ON ("subject_id") "subject_id", "actor_id", "created_at" FROM "audit_events"
  WHERE "subject_type" = 'session' AND "action" = 'session.status-changed'
  ORDER BY "subject_id", "created_at" DESC
) a
WHERE a."subject_id" = s."id" AND s."status" <> 'scheduled';
