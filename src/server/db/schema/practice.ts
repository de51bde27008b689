import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { studentProfiles } from './profiles'
import { actScores, satScores } from './scores'
import { tasks } from './tasks'
import { users } from './users'

/**
 * Practice tests (docs/product.md#practice-tests): a form's questions with their key and skill,
 * its raw-to-scaled tables, the attempts of students and the answers given. The official
 * question content is never stored; only numbers, letters, accepted values and skills.
 */
export const practiceForms = pgTable(
  'practice_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    test: text('test', { enum: ['SAT', 'ACT'] }).notNull(),
    format: text('format', { enum: ['legacy', 'enhanced'] }),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('practice_forms_format', sql`(${table.test} = 'ACT') = (${table.format} is not null)`),
    check('practice_forms_name_length', sql`char_length(${table.name}) between 1 and 100`),
  ],
)

const formKey = () =>
  uuid('form_id')
    .notNull()
    .references(() => practiceForms.id, { onDelete: 'cascade' })

/** One question: its kind, the letters it offers (none for a response), the accepted answers and its skill. */
export const practiceQuestions = pgTable(
  'practice_questions',
  {
    formId: formKey(),
    section: text('section').notNull(),
    number: integer('number').notNull(),
    kind: text('kind', { enum: ['choice', 'spr'] }).notNull(),
    /** The letters a choice question offers, in order ("ABCD", "FGHJK"); empty for a response. */
    letters: text('letters').notNull(),
    answers: text('answers').array().notNull(),
    skill: text('skill').notNull(),
  },
  (table) => [primaryKey({ columns: [table.formId, table.section, table.number] })],
)

export const practiceScaleRows = pgTable(
  'practice_scale_rows',
  {
    formId: formKey(),
    section: text('section').notNull(),
    raw: integer('raw').notNull(),
    scaledLow: integer('scaled_low').notNull(),
    scaledHigh: integer('scaled_high').notNull(),
  },
  (table) => [primaryKey({ columns: [table.formId, table.section, table.raw] })],
)

/** A form assigned to a student; once submitted it holds its scores and its skills. */
export const practiceAttempts = pgTable(
  'practice_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => studentProfiles.userId, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => practiceForms.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['assigned', 'in-progress', 'submitted'] })
      .notNull()
      .default('assigned'),
    dueDate: date('due_date', { mode: 'string' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    satScoreId: uuid('sat_score_id').references(() => satScores.id, { onDelete: 'set null' }),
    actScoreId: uuid('act_score_id').references(() => actScores.id, { onDelete: 'set null' }),
    assignedById: uuid('assigned_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    submittedById: uuid('submitted_by_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** `{ sections: SectionResult[], total }` once submitted (src/shared/practice-scoring.ts). */
    scores: jsonb('scores'),
    /** `SkillResult[]` once submitted: what the skills views add up. */
    skills: jsonb('skills'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'practice_attempts_submitted',
      sql`(${table.status} = 'submitted') = (${table.submittedAt} is not null and ${table.scores} is not null)`,
    ),
    index('practice_attempts_student_idx').on(table.studentId, table.createdAt),
    index('practice_attempts_form_idx').on(table.formId, table.status),
    index('practice_attempts_submitted_idx').on(table.submittedAt).where(sql`${table.status} = 'submitted'`),
  ],
)

/** One answer of an attempt (null: left blank); saved as it is given, one row per question. */
export const practiceAnswers = pgTable(
  'practice_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => practiceAttempts.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    number: integer('number').notNull(),
    answer: text('answer'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.section, table.number] })],
)
