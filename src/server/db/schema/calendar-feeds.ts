import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * A user's private calendar feed. Only the token's SHA-256 is kept: the link itself is shown once,
 * when it is made. A new token replaces the old one, which then answers 404.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  tokenSealed: text('token_sealed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
