import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { studentProfiles } from './profiles'
import { users } from './users'

/**
 * A guardian (parent or legal guardian) linked to a student: they read the student's record as
 * the student does (docs/product.md#guardians). One person may be the guardian of several students.
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => studentProfiles.userId, { onDelete: 'cascade' }),
    relationship: text('relationship').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the link was accepted: made by an admin or the command line, by redeeming an invite, or
     * by the person accepting an invite while logged in. Null only for links an educator made at
     * once before acceptance existed; those give family access only to an account with no staff
     * or student profile (viewerIsGuardianSql, docs/product.md#guardians).
     */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.studentId, table.guardianId] }),
    index('guardian_links_guardian_idx').on(table.guardianId),
    check('guardian_links_relationship_length', sql`char_length(${table.relationship}) between 1 and 40`),
  ],
)
export type GuardianLinkRow = typeof guardianLinks.$inferSelect
