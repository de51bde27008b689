import { sql } from 'drizzle-orm'
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { studentProfiles } from './profiles'
import { users } from './users'

/** A task on a student's plan (docs/product.md#tasks). */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => studentProfiles.userId, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    details: text('details'),
    dueDate: date('due_date', { mode: 'string' }),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /**
     * The due date whose reminder was claimed (and sent). A reminder is due again only when the
     * due date changes, so two servers, or a restart, never send one twice.
     */
    remindedDueDate: date('reminded_due_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('tasks_status', sql`${table.status} in ('open', 'done')`),
    check('tasks_done_has_time', sql`(${table.status} = 'done') = (${table.completedAt} is not null)`),
    check('tasks_title_length', sql`char_length(${table.title}) between 1 and 200`),
    check('tasks_details_length', sql`${table.details} is null or char_length(${table.details}) <= 5000`),
    index('tasks_student_idx').on(table.studentId),
    index('tasks_assignee_open_idx').on(table.assigneeId).where(sql`${table.status} = 'open'`),
    index('tasks_reminder_idx')
      .on(table.dueDate)
      .where(sql`${table.status} = 'open' and ${table.dueDate} is not null`),
  ],
)
export type TaskRow = typeof tasks.$inferSelect
