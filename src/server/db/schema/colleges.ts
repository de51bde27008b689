import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { studentProfiles } from './profiles'
import { users } from './users'

/** An entry of a student's college list (docs/product.md#college-list). */
export const collegeEntries = pgTable(
  'college_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => studentProfiles.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    round: text('round', { enum: ['ED', 'ED2', 'EA', 'REA', 'RD', 'Rolling'] }).notNull(),
    deadline: date('deadline', { mode: 'string' }),
    status: text('status').notNull().default('researching'),
    notes: text('notes'),
    costOfAttendance: integer('cost_of_attendance'),
    aidOffered: integer('aid_offered'),
    /** Who added the entry: a student may be kept to their own (docs/product.md#what-students-may-change). */
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('college_entries_round', sql`${table.round} in ('ED', 'ED2', 'EA', 'REA', 'RD', 'Rolling')`),
    check(
      'college_entries_status',
      sql`${table.status} in ('researching', 'applying', 'submitted', 'admitted', 'waitlisted', 'deferred', 'denied', 'withdrawn', 'enrolled')`,
    ),
    check('college_entries_name_length', sql`char_length(${table.name}) between 1 and 120`),
    check('college_entries_notes_length', sql`${table.notes} is null or char_length(${table.notes}) <= 2000`),
    check(
      'college_entries_dollars',
      sql`(${table.costOfAttendance} is null or ${table.costOfAttendance} between 0 and 1000000)
        and (${table.aidOffered} is null or ${table.aidOffered} between 0 and 1000000)`,
    ),
    index('college_entries_student_idx').on(table.studentId),
    // Deadlines across all students within a few days (the admin's week).
    index('college_entries_deadline_idx').on(table.deadline).where(sql`${table.deadline} is not null`),
  ],
)
export type CollegeEntryRow = typeof collegeEntries.$inferSelect
