import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { studentProfiles } from './profiles'
import { users } from './users'

export const userInvites = pgTable(
  'user_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    student: boolean('student').notNull().default(false),
    educator: boolean('educator').notNull().default(false),
    fao: boolean('fao').notNull().default(false),
    admin: boolean('admin').notNull().default(false),
    /** A guardian invite: redeeming it links the account to this student with this relationship. */
    guardianStudentId: uuid('guardian_student_id').references(() => studentProfiles.userId, {
      onDelete: 'cascade',
    }),
    guardianRelationship: text('guardian_relationship'),
    email: text('email'),
    /** The name the admin knows them by, when they gave one: the mail greets them, sign-up starts from it. */
    name: text('name'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The one-time admin invite printed at first start (docs/product.md#invites-and-sign-up). */
    bootstrap: boolean('bootstrap').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'user_invites_has_role',
      sql`${table.student} or ${table.educator} or ${table.fao} or ${table.admin} or ${table.guardianStudentId} is not null`,
    ),
    check(
      'user_invites_guardian_relationship',
      sql`(${table.guardianStudentId} is null) = (${table.guardianRelationship} is null)`,
    ),
    check('user_invites_user_means_used', sql`${table.userId} is null or ${table.usedAt} is not null`),
    check('user_invites_email_lower', sql`${table.email} is null or ${table.email} = lower(${table.email})`),
    index('user_invites_available_idx').on(table.createdAt).where(sql`${table.usedAt} is null`),
  ],
)
export type UserInviteRow = typeof userInvites.$inferSelect
