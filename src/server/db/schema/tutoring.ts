import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { studentProfiles } from './profiles'
import { users } from './users'

/**
 * A weekly series of tutoring sessions (docs/product.md#sessions): its occurrences are rows of
 * `tutoring_sessions` sharing its id, each at the same local wall-clock time in `time_zone`.
 */
export const sessionSeries = pgTable(
  'session_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => studentProfiles.userId, { onDelete: 'cascade' }),
    everyWeeks: integer('every_weeks').notNull(),
    untilDate: date('until_date', { mode: 'string' }),
    occurrences: integer('occurrences'),
    timeZone: text('time_zone').notNull(),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('session_series_every_weeks', sql`${table.everyWeeks} between 1 and 4`),
    check(
      'session_series_occurrences',
      sql`${table.occurrences} is null or ${table.occurrences} between 1 and 52`,
    ),
  ],
)

/** One tutoring session of one student with one educator (docs/product.md#sessions). */
export const tutoringSessions = pgTable(
  'tutoring_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => studentProfiles.userId, { onDelete: 'cascade' }),
    educatorId: uuid('educator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    service: text('service', { enum: ['tutoring', 'essays', 'admissions'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Always `starts_at + duration_minutes`, kept so overlaps are one indexable comparison. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The IANA zone the session was scheduled in; a series keeps its wall-clock time there. */
    timeZone: text('time_zone').notNull(),
    locationKind: text('location_kind', { enum: ['online', 'in-person'] }).notNull(),
    /** An https URL when online; the place (free text) when in person. */
    locationDetail: text('location_detail').notNull(),
    agenda: text('agenda'),
    status: text('status', {
      enum: ['scheduled', 'attended', 'cancelled', 'late-cancelled', 'no-show'],
    })
      .notNull()
      .default('scheduled'),
    /**
     * Who last moved the status away from scheduled (cancelled or marked it), and when: null while
     * scheduled, and for sessions changed before this was kept and not found in the audit log.
     */
    statusSetById: uuid('status_set_by_id').references(() => users.id, { onDelete: 'set null' }),
    statusSetAt: timestamp('status_set_at', { withTimezone: true }),
    seriesId: uuid('series_id').references(() => sessionSeries.id, { onDelete: 'set null' }),
    /**
     * The start whose reminder was claimed (and sent). A reminder is due again only when the
     * session moves, so two servers, or a restart, never send one twice.
     */
    remindedStartsAt: timestamp('reminded_starts_at', { withTimezone: true }),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('tutoring_sessions_service', sql`${table.service} in ('tutoring', 'essays', 'admissions')`),
    check(
      'tutoring_sessions_status',
      sql`${table.status} in ('scheduled', 'attended', 'cancelled', 'late-cancelled', 'no-show')`,
    ),
    check(
      'tutoring_sessions_duration',
      sql`${table.durationMinutes} between 15 and 480 and ${table.durationMinutes} % 5 = 0`,
    ),
    check('tutoring_sessions_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
    check('tutoring_sessions_location_kind', sql`${table.locationKind} in ('online', 'in-person')`),
    check('tutoring_sessions_location_length', sql`char_length(${table.locationDetail}) between 1 and 2000`),
    check(
      'tutoring_sessions_agenda_length',
      sql`${table.agenda} is null or char_length(${table.agenda}) <= 2000`,
    ),
    index('tutoring_sessions_student_idx').on(table.studentId, table.startsAt),
    index('tutoring_sessions_educator_idx').on(table.educatorId, table.startsAt),
    index('tutoring_sessions_series_idx').on(table.seriesId, table.startsAt),
    index('tutoring_sessions_reminder_idx').on(table.startsAt).where(sql`${table.status} = 'scheduled'`),
    // A record's first page of sessions: those awaiting attendance and the next ones, read exactly
    // (docs/performance.md, change 37).
    index('tutoring_sessions_student_scheduled_idx')
      .on(table.studentId, table.startsAt)
      .where(sql`${table.status} = 'scheduled'`),
  ],
)
export type TutoringSessionRow = typeof tutoringSessions.$inferSelect

/** Hours a family bought (docs/product.md#hour-packages); a null service serves any. */
export const hourPackages = pgTable(
  'hour_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => studentProfiles.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    service: text('service', { enum: ['tutoring', 'essays', 'admissions'] }),
    /** Hours as whole minutes: 0.25 h steps are exact. */
    minutes: integer('minutes').notNull(),
    pricePaidCents: integer('price_paid_cents'),
    purchasedOn: date('purchased_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('hour_packages_minutes', sql`${table.minutes} between 30 and 30000 and ${table.minutes} % 15 = 0`),
    check('hour_packages_name_length', sql`char_length(${table.name}) between 1 and 200`),
    check('hour_packages_price', sql`${table.pricePaidCents} is null or ${table.pricePaidCents} >= 0`),
    check(
      'hour_packages_service',
      sql`${table.service} is null or ${table.service} in ('tutoring', 'essays', 'admissions')`,
    ),
    index('hour_packages_student_idx').on(table.studentId, table.purchasedOn),
  ],
)
export type HourPackageRow = typeof hourPackages.$inferSelect

/**
 * The hours ledger: a package's purchase (+), a charged session (-) and an admin's adjustment (±).
 * The balance is the sum of a student's rows; a session has at most one row.
 */
export const hourLedger = pgTable(
  'hour_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => studentProfiles.userId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['purchase', 'session', 'adjustment'] }).notNull(),
    /** Signed whole minutes. */
    minutes: integer('minutes').notNull(),
    packageId: uuid('package_id').references(() => hourPackages.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => tutoringSessions.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('hour_ledger_kind', sql`${table.kind} in ('purchase', 'session', 'adjustment')`),
    check(
      'hour_ledger_session_has_session',
      sql`(${table.kind} = 'session') = (${table.sessionId} is not null)`,
    ),
    check(
      'hour_ledger_purchase_has_package',
      sql`${table.kind} <> 'purchase' or ${table.packageId} is not null`,
    ),
    check(
      'hour_ledger_adjustment_reason',
      sql`${table.kind} <> 'adjustment' or char_length(${table.reason}) between 1 and 500`,
    ),
    uniqueIndex('hour_ledger_one_per_session').on(table.sessionId),
    uniqueIndex('hour_ledger_one_purchase_per_package')
      .on(table.packageId)
      .where(sql`${table.kind} = 'purchase'`),
    index('hour_ledger_student_idx').on(table.studentId, table.createdAt),
  ],
)
export type HourLedgerRow = typeof hourLedger.$inferSelect

/**
 * Emails that must go out once: a row per (kind, subject, period) is claimed by the insert that
 * wins, on any instance, before the mail is sent; a failed send deletes it again.
 */
export const mailClaims = pgTable(
  'mail_claims',
  {
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    period: text('period').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.subjectId, table.period] })],
)
