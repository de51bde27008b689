import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/** better-auth's user table with our extra fields (docs/product.md#roles-and-labels). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    onboardingRequired: boolean('onboarding_required').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** "Email me when a coach shares a session note" in /settings. */
    emailOnSharedNotes: boolean('email_on_shared_notes').notNull().default(true),
    /** Task emails, given and due tomorrow ("Email me about tasks given to me" in /settings). */
    emailTaskReminders: boolean('email_task_reminders').notNull().default(true),
    /** "Email me before each tutoring session" in /settings. */
    emailSessionReminders: boolean('email_session_reminders').notNull().default(true),
    /** How unread messages are emailed: `batched`, `daily` (18:00 in `time_zone`) or `off`. */
    emailMessages: text('email_messages', { enum: ['batched', 'daily', 'off'] })
      .notNull()
      .default('batched'),
    /** IANA name, from the browser at onboarding; reminders and "overdue" follow it. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** better-auth's two-factor plugin: set once an authenticator app's first code was verified. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    // The admin's user list pages in this order (ADR 021).
    index('users_name_order_idx').on(sql`lower(${table.name})`, table.id),
    check('users_email_messages', sql`${table.emailMessages} in ('batched', 'daily', 'off')`),
  ],
)
export type UserRow = typeof users.$inferSelect
