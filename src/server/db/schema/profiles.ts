import { sql } from 'drizzle-orm'
import { check, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { TestDate } from '../../../shared/student-profile'
import { users } from './users'

const userKey = () =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' })
const grantedAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** A student's uuid is its user's uuid (docs/product.md#roles-and-labels). */
export const studentProfiles = pgTable(
  'student_profiles',
  {
    userId: userKey(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: grantedAt(),
    /** The scores the student is coached toward (docs/product.md#scores). */
    targetSat: integer('target_sat'),
    targetAct: integer('target_act'),
    /** The test date each target is meant for, if the student or their coach gave one. */
    targetSatDate: date('target_sat_date', { mode: 'string' }),
    targetActDate: date('target_act_date', { mode: 'string' }),
    /** The student profile (docs/product.md#student-profile): graduation year, school, planned tests. */
    classYear: integer('class_year'),
    school: text('school'),
    testDates: jsonb('test_dates').$type<TestDate[]>().notNull().default([]),
  },
  (table) => [
    check(
      'student_target_sat',
      sql`${table.targetSat} is null or (${table.targetSat} between 400 and 1600 and ${table.targetSat} % 10 = 0)`,
    ),
    check('student_target_act', sql`${table.targetAct} is null or ${table.targetAct} between 1 and 36`),
    check('student_class_year', sql`${table.classYear} is null or ${table.classYear} between 2000 and 2100`),
    check(
      'student_school_length',
      sql`${table.school} is null or char_length(${table.school}) between 1 and 200`,
    ),
    check(
      'student_test_dates',
      sql`jsonb_typeof(${table.testDates}) = 'array' and jsonb_array_length(${table.testDates}) <= 10`,
    ),
  ],
)

export const educatorProfiles = pgTable(
  'educator_profiles',
  { userId: userKey(), bio: text('bio').notNull().default(''), createdAt: grantedAt() },
  (table) => [check('educator_bio_length', sql`char_length(${table.bio}) <= 2000`)],
)

export const adminProfiles = pgTable('admin_profiles', { userId: userKey(), createdAt: grantedAt() })

export const faoProfiles = pgTable('fao_profiles', { userId: userKey(), createdAt: grantedAt() })

/** A parent or legal guardian; which students they may read is in `guardian_links`. */
export const guardianProfiles = pgTable('guardian_profiles', { userId: userKey(), createdAt: grantedAt() })
