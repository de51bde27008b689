import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { studentProfiles } from './profiles'
import { users } from './users'

const studentKey = () =>
  uuid('student_id')
    .notNull()
    .references(() => studentProfiles.userId, { onDelete: 'cascade' })

/** Where an entry comes from (official sitting, practice test, diagnostic) and a short note. */
const entryDetails = () => ({
  source: text('source').notNull().default('official'),
  note: text('note'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
const entryChecks = (test: string, table: { source: AnyPgColumn; note: AnyPgColumn }) => [
  check(`${test}_source_known`, sql`${table.source} in ('official', 'practice', 'diagnostic')`),
  check(`${test}_note_length`, sql`${table.note} is null or char_length(${table.note}) <= 200`),
]

/** No unique key: identical entries may exist (docs/product.md#scores). */
export const satScores = pgTable(
  'sat_scores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: studentKey(),
    date: date('date', { mode: 'string' }).notNull(),
    english: integer('english').notNull(),
    math: integer('math').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...entryDetails(),
  },
  (table) => [
    ...entryChecks('sat', table),
    check('sat_english_range', sql`${table.english} between 200 and 800 and ${table.english} % 10 = 0`),
    check('sat_math_range', sql`${table.math} between 200 and 800 and ${table.math} % 10 = 0`),
    check('sat_date_range', sql`${table.date} >= date '2005-03-01'`),
    index('sat_scores_student_idx').on(table.studentId, table.date),
  ],
)

const actSection = (name: string) => integer(name).notNull()
export const actScores = pgTable(
  'act_scores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: studentKey(),
    date: date('date', { mode: 'string' }).notNull(),
    english: actSection('english'),
    math: actSection('math'),
    reading: actSection('reading'),
    /** Null only for the enhanced ACT (from 2025-09-01), whose composite leaves science out. */
    science: integer('science'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...entryDetails(),
  },
  (table) => [
    ...entryChecks('act', table),
    check(
      'act_sections_range',
      sql`${table.english} between 1 and 36 and ${table.math} between 1 and 36 and ${table.reading} between 1 and 36 and (${table.science} is null or ${table.science} between 1 and 36)`,
    ),
    check(
      'act_science_before_enhanced',
      sql`${table.science} is not null or ${table.date} >= date '2025-09-01'`,
    ),
    check('act_date_range', sql`${table.date} >= date '1990-01-01'`),
    index('act_scores_student_idx').on(table.studentId, table.date),
  ],
)
