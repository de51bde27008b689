import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core'
import { studentProfiles } from './profiles'
import { users } from './users'

/** A student's team: users holding an educator or FAO profile (checked by the module that adds them). */
export const teamMembers = pgTable(
  'team_members',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => studentProfiles.userId, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.studentId, table.memberId] }),
    index('team_members_member_idx').on(table.memberId),
  ],
)
