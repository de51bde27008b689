import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Fixed-window counters shared by every instance (ADR 005). */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})
