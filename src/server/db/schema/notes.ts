import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { studentProfiles } from './profiles'
import { tutoringSessions } from './tutoring'
import { users } from './users'

/** Session notes; `internal` ones are never shown to the student or their guardians. */
export const sessionNotes = pgTable(
  'session_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => studentProfiles.userId, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    durationMinutes: integer('duration_minutes'),
    /** The tutoring session this note is about, when it was written for one. */
    sessionId: uuid('session_id').references(() => tutoringSessions.id, { onDelete: 'set null' }),
    visibility: text('visibility', { enum: ['shared', 'internal'] })
      .notNull()
      .default('internal'),
    body: text('body').notNull(),
    /** When the family was told of it; a note is announced once, when it is first shared. */
    sharedNoticeAt: timestamp('shared_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('session_notes_visibility', sql`${table.visibility} in ('shared', 'internal')`),
    check('session_notes_body_length', sql`char_length(${table.body}) between 1 and 20000`),
    check(
      'session_notes_duration',
      sql`${table.durationMinutes} is null or ${table.durationMinutes} between 1 and 600`,
    ),
    // The list's order (newest session first) and its keyset.
    index('session_notes_student_order_idx').on(table.studentId, table.date, table.createdAt, table.id),
    // A session's linked note, read with every session listed.
    index('session_notes_session_idx').on(table.sessionId).where(sql`${table.sessionId} is not null`),
  ],
)
export type SessionNoteRow = typeof sessionNotes.$inferSelect
