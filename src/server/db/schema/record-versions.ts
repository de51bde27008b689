import { bigint, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * A version per student record, and one (`people`) for the names, emails and staff profiles a
 * record shows of other people. Triggers (migration 0008) bump them in the same transaction as
 * every write that changes what a record read answers, so a cached record is served only while
 * the versions it was built from are still current, on any instance (docs/architecture.md).
 */
export const recordVersions = pgTable('record_versions', {
  /** A student's user id, or `people`. */
  key: text('key').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
})
