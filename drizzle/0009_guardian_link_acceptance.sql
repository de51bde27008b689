ALTER TABLE "guardian_links" ADD COLUMN "accepted_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
-- Links made before acceptance existed. Accepted: made by the command line (no actor), by an
-- admin, or by redeeming a guardian invite (the invite names the account and the student).
-- The rest an educator made at once for an existing account, which that person never accepted.
UPDATE "guardian_links" gl SET "accepted_at" = CASE
  WHEN gl."created_by_id" IS NULL
    OR EXISTS (SELECT 1 FROM "admin_profiles" ap WHERE ap."user_id" = gl."created_by_id")
    OR EXISTS (SELECT 1 FROM "user_invites" ui WHERE ui."user_id" = gl."guardian_id"
      AND ui."guardian_student_id" = gl."student_id" AND ui."used_at" IS NOT NULL)
  THEN gl."created_at" ELSE NULL END;
--> statement-breakpoint
-- Of those, the ones held by staff or a student can never be a family's (staff and students are
-- never guardians): removed, each with its audit event, so the record's history shows it.
WITH "removed" AS (
  DELETE FROM "guardian_links" gl WHERE gl."accepted_at" IS NULL AND (
    EXISTS (SELECT 1 FROM "admin_profiles" p WHERE p."user_id" = gl."guardian_id")
    OR EXISTS (SELECT 1 FROM "educator_profiles" p WHERE p."user_id" = gl."guardian_id")
    OR EXISTS (SELECT 1 FROM "fao_profiles" p WHERE p."user_id" = gl."guardian_id")
    OR EXISTS (SELECT 1 FROM "student_profiles" p WHERE p."user_id" = gl."guardian_id"))
  RETURNING gl."guardian_id", gl."student_id", gl."relationship")
INSERT INTO "audit_events" ("actor_id", "action", "subject_type", "subject_id", "student_id", "before")
SELECT NULL, 'guardian.unlinked', 'user', "guardian_id", "student_id",
  jsonb_build_object('guardianId', "guardian_id", 'relationship', "relationship")
FROM "removed";
